/* Hammer of the Scots: the board, drawn from this seat's view (plugins/hammer_scots/view.py).
 *
 * The map is SVG built from the view's `drawing` (area outlines, border lines, islands and
 * seas of data/board.json) and its areas and borders: each area a region in its country's
 * colour, each shared edge drawn in its border's kind, castles, cathedrals and homes beside
 * the name, the blocks in stacks below it — the seat's own face up, the enemy's face down
 * (the server sends nothing more about them). Areas, blocks and cards carry data-act-type /
 * data-act-arg so that whatever the view lists as legal is highlighted and clickable. No rule
 * is decided here: words on cards come from the view, dice from the log the server wrote.
 */
(function () {
  "use strict";
  const G = window.Gameshelf;
  const BLOCK = 44;
  const GAP = 4;
  /* Words from the game's catalog (hammer_scots.board.*), names from its names.py. */
  const T = (id, params) => G.t("hammer_scots.board." + id, params);
  const Tor = (id, fallback) => { const t = T(id); return t === "hammer_scots.board." + id ? fallback : t; };
  const kindWord = (kind) => (kind ? T("kind." + kind) : "");
  const sideName = (side) => G.name("side", side);
  const blockName = (b) => G.name("block", b.id, b.name);
  const areaName = (a) => G.name("area", a.id, a.name);
  const cardName = (c) => G.name("card", c.id, c.name);
  /* What a card does, in the reader's words: an event by its id, a move card by its value. */
  const cardText = (c) => (c.event ? Tor("card_text." + c.id, c.text || "") : T("card_text.move", { count: c.value }));
  const BLOCK_TYPES = "block fire retreat hit noble";
  const PIPS = { 1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[26, 26], [50, 50], [74, 74]],
    4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[26, 26], [74, 26], [50, 50], [26, 74], [74, 74]],
    6: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]] };
  let names = {}; // block id -> name, area id -> name, card id -> card (for labels)
  let zoom = null;
  let lastBattle = null;

  /* --- geometry ------------------------------------------------------------------ */
  function points(d) { // "m x y dx dy …[z]" -> [[x, y], …]
    const n = d.replace(/[mz]/g, " ").trim().split(/\s+/).map(Number);
    const out = [[n[0], n[1]]];
    for (let i = 2; i + 1 < n.length; i += 2) {
      const [px, py] = out[out.length - 1];
      out.push([px + n[i], py + n[i + 1]]);
    }
    return out;
  }

  function halfway(pts) { // the point half-way along a line
    let total = 0;
    for (let i = 1; i < pts.length; i++) total += Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]);
    let left = total / 2;
    for (let i = 1; i < pts.length; i++) {
      const step = Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]);
      if (step >= left) {
        const t = step ? left / step : 0;
        return [pts[i - 1][0] + t * (pts[i][0] - pts[i - 1][0]), pts[i - 1][1] + t * (pts[i][1] - pts[i - 1][1])];
      }
      left -= step;
    }
    return pts[pts.length - 1];
  }

  /* A block's name on its face: the first word ("Lancaster" of Lancaster Knights: the kind is
   * written under it), squeezed to the face's width when long. */
  function nameText(name) {
    const wide = /[^\x00-\x7f]/.test(name); // Chinese: whole, up to four characters
    const word = wide ? name.replace(/(弓箭手|騎士|步兵)$/, "") || name : name.split(" ")[0];
    const attrs = { class: "hs-name", x: BLOCK / 2, y: 24, text: word };
    if (wide) attrs.lang = "zh-Hant";
    if (word.length > (wide ? 4 : 7)) Object.assign(attrs, { textLength: BLOCK - 6, lengthAdjust: "spacingAndGlyphs" });
    return G.svg("text", attrs);
  }

  const sideClass = (s) => (s === "England" ? "eng" : "sco");
  const adjective = (s) => T(s === "England" ? "english" : "scottish");

  /* --- blocks ------------------------------------------------------------------- */
  function emblem(side) {
    const h = BLOCK / 2;
    if (side === "Scotland") { // a white saltire
      return G.svg("g", { class: "hs-emblem" },
        G.svg("line", { x1: 10, y1: 10, x2: BLOCK - 10, y2: BLOCK - 10 }),
        G.svg("line", { x1: BLOCK - 10, y1: 10, x2: 10, y2: BLOCK - 10 }));
    }
    return G.svg("g", { class: "hs-emblem" }, // three lions would not fit: a plain cross
      G.svg("line", { x1: h, y1: 9, x2: h, y2: BLOCK - 9 }),
      G.svg("line", { x1: 9, y1: h, x2: BLOCK - 9, y2: h }));
  }

  function pips(steps, full) {
    const g = G.svg("g", { class: "hs-pips" });
    const w = full * 7;
    for (let i = 0; i < full; i++) {
      g.appendChild(G.svg("circle", { cx: BLOCK / 2 - w / 2 + 3.5 + i * 7, cy: BLOCK - 6, r: 2.7, class: i < steps ? "on" : "off" }));
    }
    return g;
  }

  function blockTip(b) {
    if (b.hidden) return T(b.reserve ? "tip_hidden_reserve" : "tip_hidden", { side: adjective(b.side) });
    const what = T(b.noble && b.kind !== "noble" ? "tip_what_noble" : "tip_what", { side: adjective(b.side), kind: kindWord(b.kind) });
    const hits = b.fire > 1 ? T("tip_hits_range", { fire: b.fire }) : T("tip_hits_one");
    const extra = (b.reserve ? T("tip_reserve") : "") + (b.moved ? T("tip_moved") : "");
    return T("tip_block", { name: blockName(b), what, steps: b.steps, full: b.full, rating: b.letter + b.fire, letter: b.letter, hits, move: b.move, extra });
  }

  function blockSvg(b, x, y, mine) {
    const cls = ["hs-block", sideClass(b.side), b.hidden ? "face-down" : "face-up", b.reserve ? "reserve" : "", b.moved ? "moved" : "", mine ? "mine" : ""].join(" ");
    const g = G.svg("g", { class: cls, transform: "translate(" + x + "," + y + ")" });
    g.appendChild(G.svg("rect", { class: "hs-block-body", width: BLOCK, height: BLOCK, rx: 4 }));
    g.appendChild(G.svg("title", { text: blockTip(b) }));
    if (b.hidden) {
      g.appendChild(emblem(b.side));
      return g;
    }
    g.setAttribute("data-act-type", BLOCK_TYPES);
    g.setAttribute("data-act-arg", b.id);
    g.appendChild(G.svg("text", { class: "hs-rating", x: 4, y: 11, text: b.letter + b.fire }));
    g.appendChild(G.svg("text", { class: "hs-move", x: BLOCK - 4, y: 11, text: b.move }));
    g.appendChild(nameText(blockName(b)));
    g.appendChild(G.svg("text", { class: "hs-kind", x: BLOCK / 2, y: 32.5, text: kindWord(b.kind) }));
    g.appendChild(pips(b.steps, b.full));
    return g;
  }

  /* The blocks of an area, the seat's own side first, each side from a new row. */
  function stack(blocks, role, cx, top, columns) {
    const g = G.svg("g", { class: "hs-blocks" });
    const sides = role === "Scotland" ? ["Scotland", "England"] : ["England", "Scotland"];
    let row = 0;
    for (const side of sides) {
      const list = blocks[side];
      for (let i = 0; i < list.length; i++) {
        const r = Math.floor(i / columns);
        const inRow = Math.min(columns, list.length - r * columns);
        const x = cx - (inRow * (BLOCK + GAP) - GAP) / 2 + (i % columns) * (BLOCK + GAP);
        g.appendChild(blockSvg(list[i], x, top + (row + r) * (BLOCK + GAP), side === role));
      }
      row += Math.ceil(list.length / columns);
    }
    return g;
  }

  /* --- the map --------------------------------------------------------------------- */
  function areaTip(a) {
    if (a.country === "England") return T("tip_england");
    const castle = a.cathedral ? T("tip_castle_cathedral", { castle: a.castle, scots: a.castle_scots }) : T("tip_castle", { castle: a.castle });
    const homes = a.homes.map((h) => G.name("block", h, h));
    const home = homes.length ? T("tip_home", { nobles: homes.join(T("and")) }) : "";
    return T(a.coastal ? "tip_area_coastal" : "tip_area_inland", { area: areaName(a), castle, home });
  }

  function marks(a, x, y) {
    const g = G.svg("g", { class: "hs-marks" });
    const items = [];
    if (a.country !== "England") items.push(["castle", a.cathedral && a.castle_scots !== a.castle ? a.castle + "/" + a.castle_scots : String(a.castle)]);
    if (a.cathedral) items.push(["cathedral", ""]);
    for (const h of a.homes) items.push(["home", G.name("block", h, h)[0]]);
    const widths = items.map(([k, t]) => (k === "castle" ? 18 + t.length * 8 : 18));
    let left = x - (widths.reduce((p, w) => p + w, 0) + 4 * (items.length - 1)) / 2;
    items.forEach(([kind, text], i) => {
      const at = "translate(" + (left + 8) + "," + y + ")";
      if (kind === "castle") {
        g.appendChild(G.svg("g", { class: "hs-castle", transform: at },
          G.svg("path", { class: "hs-castle-icon", d: "M-7 6 v-10 h3 v3 h2.5 v-3 h3 v3 h2.5 v-3 h3 v10 z" }),
          G.svg("text", { x: 9, y: 5.5, text })));
      } else if (kind === "cathedral") {
        g.appendChild(G.svg("g", { class: "hs-cathedral", transform: at },
          G.svg("path", { class: "hs-cathedral-icon", d: "M-1.6 -6 h3.2 v3.4 h3.4 v3.2 h-3.4 v6.4 h-3.2 v-6.4 h-3.4 v-3.2 h3.4 z" })));
      } else {
        g.appendChild(G.svg("g", { class: "hs-home", transform: at },
          G.svg("path", { class: "hs-home-icon", d: "M-7 -7 h14 v6 q0 7 -7 9 q-7 -2 -7 -9 z" }),
          G.svg("text", { x: 0, y: 3, text })));
      }
      left += widths[i] + 4;
    });
    return g;
  }

  function drawMap(svg, view, role) {
    G.clear(svg);
    const D = view.drawing;
    const [W, H] = D.size;
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    svg.setAttribute("width", W);
    svg.setAttribute("height", H);
    svg.appendChild(G.svg("defs", {},
      G.svg("pattern", { id: "hs-waves", width: 46, height: 24, patternUnits: "userSpaceOnUse" },
        G.svg("path", { d: "M0 12 q11.5 -7 23 0 t23 0", class: "hs-wave" }))));
    svg.appendChild(G.svg("rect", { class: "hs-sea", width: W, height: H }));
    svg.appendChild(G.svg("rect", { class: "hs-sea-waves", width: W, height: H }));
    const isles = G.svg("g", { class: "hs-islands" });
    for (const isle of D.islands) isles.appendChild(G.svg("path", { d: isle.d }, G.svg("title", { text: T("tip_island", { island: Tor("island." + isle.name, isle.name) }) })));
    svg.appendChild(isles);

    // the coast: every outline drawn wide underneath, the land over it
    const coast = G.svg("g", { class: "hs-coast" });
    for (const a of view.areas) coast.appendChild(G.svg("path", { d: D.areas[a.id].d }));
    svg.appendChild(coast);

    const moving = view.moving || {};
    const areas = G.svg("g", { class: "hs-areas" });
    for (const a of view.areas) {
      const cls = ["hs-area", a.country === "England" ? "england" : "scotland", "tint-" + D.areas[a.id].tint, a.contested ? "contested" : "", a.attacker ? "battle" : "",
        moving.at === a.id ? "moving-at" : "", moving.from === a.id ? "moving-from" : "", view.battle && view.battle.area === a.id ? "fighting" : ""].join(" ");
      const g = G.svg("g", { class: cls, "data-act-type": "area", "data-act-arg": a.id, "data-area": a.id },
        G.svg("path", { class: "hs-shape", d: D.areas[a.id].d }),
        G.svg("title", { text: areaTip(a) }));
      if (legalBlocks(view, a).length) {
        g.classList.add("has-choice");
        g.addEventListener("click", () => { if (!g.classList.contains("legal") && PHONE.matches) openPicker(a); });
      }
      areas.appendChild(g);
    }
    svg.appendChild(areas);

    // borders: black and red on the edge two areas share, the Anglo-Scottish one dashed
    const borders = G.svg("g", { class: "hs-borders" });
    const badges = G.svg("g", { class: "hs-badges" });
    view.borders.forEach((b, i) => {
      const d = D.borders[i];
      const cls = "hs-border " + b.type + (b.national ? " national" : "");
      borders.appendChild(G.svg("path", { d, class: cls + " under" }));
      borders.appendChild(G.svg("path", { d, class: cls },
        G.svg("title", { text: T(b.type === "red" ? "tip_border_red" : "tip_border_black", { a: nameOf(view, b.a), b: nameOf(view, b.b), count: b.limit }) + (b.national ? T("tip_border_national") : "") })));
      if (b.crossed) {
        const [mx, my] = halfway(points(d));
        badges.appendChild(G.svg("g", { class: "hs-crossed" },
          G.svg("rect", { x: mx - 17, y: my - 10, width: 34, height: 19, rx: 9 }),
          G.svg("text", { x: mx, y: my + 4.5, text: b.crossed + "/" + b.limit }),
          G.svg("title", { text: T("tip_crossed", { crossed: b.crossed, count: b.limit }) })));
      }
    });
    svg.appendChild(borders);
    for (const sea of D.seas) {
      svg.appendChild(G.svg("text", { class: "hs-sea-label" + (sea.small ? " small" : ""), x: sea.at[0], y: sea.at[1], text: Tor("sea." + sea.id, sea.name) }));
    }

    // names and marks, then the blocks (which never cover them: stacks start below)
    const labels = G.svg("g", { class: "hs-labels" });
    const stacks = G.svg("g", { class: "hs-stacks" });
    for (const a of view.areas) {
      const [lx, ly] = D.areas[a.id].label;
      const shown = areaName(a);
      labels.appendChild(G.svg("text", { class: "hs-area-name" + (a.country === "England" ? " england" : ""), x: lx, y: ly, text: shown, "data-area": a.id, lang: /[^\x00-\x7f]/.test(shown) ? "zh-Hant" : null }));
      labels.appendChild(marks(a, lx, ly + 17));
      if (a.attacker) {
        const width = /[^\x00-\x7f]/.test(shown) ? shown.length * 13 : shown.length * 6.5;
        labels.appendChild(G.svg("text", { class: "hs-swords", x: lx + width + 16, y: ly + 1, text: "⚔" }));
      }
      stacks.appendChild(stack(a.blocks, role, a.x, a.y, D.areas[a.id].columns));
    }
    svg.appendChild(labels);
    svg.appendChild(badges);
    svg.appendChild(stacks);
  }

  /* Where the seat's own blocks stand, on average (a phone's map opens centred there). */
  function ownCentre(view) {
    const mine = view.areas.filter((a) => (a.blocks[view.role] || []).length);
    if (!mine.length) return null;
    return [mine.reduce((t, a) => t + a.x, 0) / mine.length, mine.reduce((t, a) => t + a.y, 0) / mine.length];
  }

  /* --- on a phone, an area's blocks to choose from, large enough to tap ------------------- */
  const PHONE = window.matchMedia("(max-width: 700px)");
  const LEAST_BLOCK = 25; // px: a block on a phone's map at the opening zoom (issue 14: 24 at least)
  let current = null; // {root, view, ui} of the last render

  function legalBlocks(view, a) {
    const types = BLOCK_TYPES.split(" ");
    return a.blocks.England.concat(a.blocks.Scotland).filter((b) => !b.hidden &&
      types.some((t) => G.legalArg(view.actions, t, b.id) !== undefined));
  }

  function openPicker(a) {
    if (!current) return;
    const { root, view, ui } = current;
    const box = G.clear(root.querySelector(".hs-picker"));
    box.hidden = false;
    box.appendChild(G.el("header", { class: "hs-battle-head" },
      G.el("h3", { text: areaName(a) }),
      G.el("button", { type: "button", class: "hs-fold", title: T("close"), "aria-label": T("close"), text: "✕", onclick: () => { box.hidden = true; } })));
    box.appendChild(G.el("p", { class: "muted", text: T("tap_a_block", { prompt: view.prompt || "" }) }));
    box.appendChild(blockRow(legalBlocks(view, a), view.role));
    G.highlight(box, view.actions, ui && !ui.replay ? ui.act : null);
  }

  function nameOf(view, areaId) {
    const a = view.areas.find((x) => x.id === areaId);
    return a ? areaName(a) : G.name("area", areaId);
  }

  /* --- cards ----------------------------------------------------------------------- */
  function cardEl(card, extra) {
    const event = !!card.event;
    const text = cardText(card);
    const tip = text ? T("card_tip", { card: cardName(card), text }) : cardName(card);
    return G.el("div", { class: "hs-card" + (event ? " event" : " move") + (extra || ""), "data-act-type": "card", "data-act-arg": card.id, title: tip, "data-card": card.id },
      G.el("span", { class: "hs-card-name", text: cardName(card) }),
      G.el("span", { class: "hs-card-value", text: event ? "★" : card.value }),
      G.el("span", { class: "hs-card-text", text }));
  }

  function drawCards(root, view) {
    const hand = G.clear(root.querySelector(".hs-hand-cards"));
    root.querySelector(".hs-hand").hidden = view.hand === null;
    for (const card of view.hand || []) hand.appendChild(cardEl(card));
    if (view.hand && !view.hand.length) hand.appendChild(G.el("p", { class: "muted", text: T("no_card_left") }));
    const chosen = G.clear(root.querySelector(".hs-chosen"));
    for (const side of ["England", "Scotland"]) {
      const c = view.chosen[side];
      const slot = G.el("div", { class: "hs-chosen-slot " + sideClass(side) }, G.el("span", { class: "hs-side-name", text: sideName(side) }));
      if (c === "hidden") slot.appendChild(G.el("div", { class: "hs-card back", title: T("has_chosen", { side: sideName(side) }) }, G.el("span", { class: "hs-card-value", text: "?" })));
      else if (c) slot.appendChild(cardEl(c, " played"));
      else slot.appendChild(G.el("div", { class: "hs-card empty", title: T("not_chosen", { side: sideName(side) }) }, G.el("span", { class: "hs-card-name", text: "—" })));
      chosen.appendChild(slot);
    }
  }

  /* --- the strip of facts, the battle panel, the footer ------------------------------ */
  function fact(label, value, cls, tip) {
    return G.el("div", { class: "hs-fact " + (cls || ""), title: tip || null }, G.el("span", { class: "hs-fact-label", text: label }), G.el("span", { class: "hs-fact-value", text: value }));
  }

  function drawStrip(root, view) {
    const strip = G.clear(root.querySelector(".hs-strip"));
    strip.appendChild(fact(T("year"), view.last_year ? T("year_to", { year: view.year, last: view.last_year }) : String(view.year), "year"));
    strip.appendChild(fact(T("game_turn"), T("turn_of", { turn: view.turn, turns: 5 })));
    if (view.p1) strip.appendChild(fact(T("moves_first"), sideName(view.p1), sideClass(view.p1)));
    if (view.acting) strip.appendChild(fact(T("acting"), sideName(view.acting) + (view.move_points ? " · " + T("move_points", { count: view.move_points }) : ""), sideClass(view.acting), T("move_points_tip")));
    if (view.truce) strip.appendChild(fact(T("truce"), T("truce_by", { side: sideName(view.truce) })));
    strip.appendChild(fact(T("king_of_england"), G.name("block", "edward", view.edward)));
    strip.appendChild(fact(T("scottish_king"), T(view.king_crowned ? "crowned" : "no_king")));
    const nobles = (side) => view.nobles[side].map((n) => G.name("block", n, n)).join(T("comma"));
    strip.appendChild(fact(T("nobles"), T("nobles_count", { england: view.nobles.England.length, scotland: view.nobles.Scotland.length }), "",
      T("nobles_tip", { england: nobles("England") || "—", scotland: nobles("Scotland") || "—" })));
  }

  function dieSvg(n, hit) {
    const svg = G.svg("svg", { viewBox: "0 0 100 100", class: "hs-die" + (hit ? " hit" : " miss") });
    svg.appendChild(G.svg("rect", { x: 5, y: 5, width: 90, height: 90, rx: 16 }));
    for (const [x, y] of PIPS[n] || []) svg.appendChild(G.svg("circle", { cx: x, cy: y, r: 9 }));
    svg.appendChild(G.svg("title", { text: T(hit ? "die_hit" : "die_miss", { die: n }) }));
    return svg;
  }

  /* The fire of this battle, as the log tells it ("Wallace (A3) fired 2 6 1: 2 hits.",
   * "華萊士（A3）擲出 2 6 1：命中 2 次。"): the lines are matched against the texts of the
   * game's messages hammer_scots.fired and battle_begins in the reader's language, which
   * the board template inlines; a placeholder becomes a group of what it can hold. */
  const HOLDS = { dice: "[1-6](?: [1-6])*", letter: "[ABC]", rating: "\\d+", count: "\\d+" };
  let patterns = null;
  function logPatterns(root) {
    if (patterns) return patterns;
    let texts = {};
    const el = root.querySelector(".hs-log-messages");
    try { texts = el ? JSON.parse(el.textContent) : {}; } catch (e) { texts = {}; }
    const compile = (text) => new RegExp("^" + text.split(/(\{\w+\})/).map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (m) return "(?<" + m[1] + ">" + (HOLDS[m[1]] || ".+?") + ")";
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    }).join(""));
    patterns = {
      fired: (texts["hammer_scots.fired"] || []).map(compile),
      begins: (texts["hammer_scots.battle_begins"] || []).map(compile),
    };
    return patterns;
  }

  function lastFire(root, view) {
    const log = view.log || [];
    const { fired, begins } = logPatterns(root);
    for (let i = log.length - 1; i >= Math.max(0, log.length - 12); i--) {
      const line = typeof log[i] === "string" ? log[i] : (log[i] && log[i].text) || "";
      if (begins.some((re) => re.test(line))) break;
      for (const re of fired) {
        const m = re.exec(line);
        if (m) {
          const g = m.groups;
          return { who: g.block, letter: g.letter, rating: Number(g.rating), dice: g.dice.split(" ").map(Number), hits: Number(g.count) };
        }
      }
    }
    return null;
  }

  function drawBattle(root, view, role) {
    const box = G.clear(root.querySelector(".hs-battle"));
    const b = view.battle;
    box.hidden = !b;
    if (!b) { lastBattle = null; return; }
    const key = b.area + ":" + view.year + ":" + view.turn;
    const fresh = key !== lastBattle;
    lastBattle = key;
    if (fresh) box.classList.remove("folded");
    box.appendChild(G.el("header", { class: "hs-battle-head" },
      G.el("h3", {}, T("battle_of", { area: nameOf(view, b.area) }), G.el("span", { class: "muted", text: " · " + T("round_of", { round: b.round, rounds: 3 }) })),
      G.el("button", { type: "button", class: "hs-fold", title: T("fold_battle"), "aria-label": T("fold_battle"), text: "▾", onclick: () => box.classList.toggle("folded") })));
    const body = G.el("div", { class: "hs-battle-body" });
    if (b.hits) body.appendChild(G.el("p", { class: "hs-hits", text: b.hits_to ? T("hits_to_take_by", { count: b.hits, side: sideName(b.hits_to) }) : T("hits_to_take", { count: b.hits }) }));
    const fire = lastFire(root, view);
    if (fire) {
      body.appendChild(G.el("div", { class: "hs-fire" },
        G.el("span", { class: "hs-fire-who", text: T("fire_who", { block: fire.who, rating: fire.letter + fire.rating }) }),
        G.el("span", { class: "hs-dice" }, fire.dice.map((d) => dieSvg(d, d <= fire.rating))),
        G.el("span", { class: "hs-fire-hits", text: T("hits", { count: fire.hits }) })));
    }
    const table = G.el("div", { class: "hs-battle-grid" });
    table.appendChild(G.el("div", { class: "hs-bcol-head" }));
    table.appendChild(G.el("div", { class: "hs-bcol-head " + sideClass(b.attacker), text: T("attacks", { side: sideName(b.attacker) }) }));
    table.appendChild(G.el("div", { class: "hs-bcol-head " + sideClass(b.defender), text: T("defends", { side: sideName(b.defender) }) }));
    for (const letter of ["A", "B", "C"]) {
      table.appendChild(G.el("div", { class: "hs-row-letter", text: letter, title: T("row_tip_" + letter) }));
      for (const who of ["attacker", "defender"]) table.appendChild(blockRow(b.rows[letter][who], role));
    }
    table.appendChild(G.el("div", { class: "hs-row-letter reserve", text: T("reserve"), title: T("reserve_tip") }));
    table.appendChild(blockRow(b.reserves[b.attacker], role));
    table.appendChild(blockRow(b.reserves[b.defender], role));
    body.appendChild(table);
    box.appendChild(body);
    if (fresh && zoom) { // the battle's area comes into view on the map too
      const a = view.areas.find((x) => x.id === b.area);
      if (a) zoom.show(a.x - 90, a.y - 60, 180, 150);
    }
  }

  function blockRow(blocks, role) {
    const cell = G.el("div", { class: "hs-bcell" });
    if (!blocks.length) { cell.appendChild(G.el("span", { class: "muted", text: "—" })); return cell; }
    for (const b of blocks) {
      const svg = G.svg("svg", { class: "hs-block-svg", viewBox: "-1 -1 " + (BLOCK + 2) + " " + (BLOCK + 2) });
      svg.appendChild(blockSvg(b, 0, 0, b.side === role));
      cell.appendChild(svg);
    }
    return cell;
  }

  function drawFooter(root, view, role) {
    const foot = G.clear(root.querySelector(".hs-footer"));
    for (const s of ["England", "Scotland"]) {
      const pool = view.pools[s];
      const box = G.el("section", { class: "hs-pool " + sideClass(s) }, G.el("h3", { text: T("pool", { side: sideName(s), count: pool.count }), title: T("pool_tip") }));
      if (pool.blocks && pool.blocks.length) box.appendChild(blockRow(pool.blocks, role));
      const played = view.played[s];
      if (played.length) box.appendChild(G.el("p", { class: "muted", text: T("played_this_year", { cards: played.map(cardName).join(T("comma")) }) }));
      foot.appendChild(box);
    }
    if (view.dead.length) {
      foot.appendChild(G.el("section", { class: "hs-dead" }, G.el("h3", { text: T("out_of_the_game") }),
        G.el("p", { text: view.dead.map(blockName).join(T("comma")) })));
    }
  }

  /* --- labels for the action buttons ---------------------------------------------------- */
  function learnNames(view) {
    names = {};
    const add = (b) => { if (b && b.id) names[b.id] = blockName(b); };
    for (const a of view.areas) { names[a.id] = areaName(a); a.blocks.England.forEach(add); a.blocks.Scotland.forEach(add); }
    for (const s of ["England", "Scotland"]) (view.pools[s].blocks || []).forEach(add);
    if (view.battle) {
      for (const l of ["A", "B", "C"]) { view.battle.rows[l].attacker.forEach(add); view.battle.rows[l].defender.forEach(add); }
      for (const s of ["England", "Scotland"]) (view.battle.reserves[s] || []).forEach(add);
    }
    for (const c of view.hand || []) names["card:" + c.id] = cardName(c);
  }

  /* An action on a thing: "Fire Wallace" (hammer_scots.board.verb.fire); block, noble and
   * area choices are the thing's name alone. */
  const VERBS = new Set(["fire", "retreat", "hit", "pass"]);
  const BARE = new Set(["noble", "block", "area"]);

  G.registerBoard({
    render(root, view, ui) {
      const hammer = root.querySelector(".hammer");
      current = { root: hammer, view, ui };
      hammer.querySelector(".hs-picker").hidden = true;
      const role = view.role;
      learnNames(view);
      hammer.classList.toggle("as-scotland", role === "Scotland");
      drawStrip(hammer, view);
      drawCards(hammer, view);
      drawMap(hammer.querySelector(".hs-map"), view, role);
      drawFooter(hammer, view, role);
      const page = G.pageData();
      if (G.zoomable) zoom = G.zoomable(hammer.querySelector(".hs-map-wrap"), hammer.querySelector(".hs-map-content"), {
        size: () => view.drawing.size, key: page.match ? page.match + ":" + (ui && ui.replay ? "replay" : "play") : null,
        least: () => (PHONE.matches ? LEAST_BLOCK / BLOCK : 0), // a phone: blocks big enough to read and tap
        focus: () => ownCentre(view),
      });
      drawBattle(hammer, view, role);
    },
    label(type, arg) {
      if (type === "card") return names["card:" + arg] || null;
      if (type === "crown" && typeof arg === "string") return T("crown." + arg);
      if (typeof arg === "string" && names[arg]) {
        if (BARE.has(type)) return names[arg];
        if (VERBS.has(type)) return T("verb." + type, { name: names[arg] });
      }
      const plain = T("action." + type);
      if ((arg === null || arg === undefined) && plain !== "hammer_scots.board.action." + type) return plain;
      if (typeof arg === "string") { // an id the game names (a noble to crown, an area, a card…)
        for (const kind of ["block", "area", "card", "side"]) {
          const n = G.name(kind, arg, "");
          if (n) return plain !== "hammer_scots.board.action." + type ? T("action_on", { action: plain, name: n }) : n;
        }
      }
      return null;
    },
  });
})();
