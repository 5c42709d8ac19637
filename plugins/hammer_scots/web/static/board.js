/* Hammer of the Scots: the board, drawn from this seat's view (plugins/hammer_scots/view.py).
 *
 * The map is SVG built from the view's areas (positions from the plugin's map data) and
 * borders; the blocks stand in their areas, the seat's own face up, the enemy's face down
 * (the server sends nothing more about them). Areas, blocks and cards carry data-act-type /
 * data-act-arg so that whatever the view lists as legal is highlighted and clickable. No rule
 * is decided here.
 */
(function () {
  "use strict";
  const G = window.Gameshelf;
  const S = 1.5; // spread of the map data's positions, to give blocks room
  const MARGIN = 150;
  const BLOCK = 40;
  const GAP = 3;
  const KIND = { infantry: "Infantry", knights: "Knights", archers: "Archers", cavalry: "Cavalry",
    hobelars: "Hobelars", king: "King", leader: "Leader", norse: "Norse", noble: "" };
  const BLOCK_TYPES = "block fire retreat hit noble";
  let names = {}; // block id -> name, area id -> name, card id -> card (for labels)

  /* --- geometry ------------------------------------------------------------------ */
  function frame(areas) {
    const xs = areas.map((a) => a.x);
    const ys = areas.map((a) => a.y);
    const minX = Math.min(...xs);
    const minY = Math.min(...ys);
    const at = (a) => [(a.x - minX) * S + MARGIN, (a.y - minY) * S + MARGIN];
    const width = (Math.max(...xs) - minX) * S + 2 * MARGIN + 30;
    const height = (Math.max(...ys) - minY) * S + 2 * MARGIN + 80;
    return { at, width, height };
  }

  function shortName(name) {
    if (name.length <= 7) return name;
    const first = name.split(" ")[0];
    return first.length <= 7 ? first : first.slice(0, 5) + ".";
  }

  /* --- blocks ------------------------------------------------------------------- */
  function emblem(side) {
    const h = BLOCK / 2;
    if (side === "Scotland") { // a white saltire
      return G.svg("g", { class: "hs-emblem" },
        G.svg("line", { x1: 9, y1: 9, x2: BLOCK - 9, y2: BLOCK - 9 }),
        G.svg("line", { x1: BLOCK - 9, y1: 9, x2: 9, y2: BLOCK - 9 }));
    }
    return G.svg("g", { class: "hs-emblem" }, // three lions would not fit: a plain cross
      G.svg("line", { x1: h, y1: 8, x2: h, y2: BLOCK - 8 }),
      G.svg("line", { x1: 8, y1: h, x2: BLOCK - 8, y2: h }));
  }

  function pips(steps, full) {
    const g = G.svg("g", { class: "hs-pips" });
    const w = full * 7;
    for (let i = 0; i < full; i++) {
      g.appendChild(G.svg("circle", { cx: BLOCK / 2 - w / 2 + 3.5 + i * 7, cy: BLOCK - 5.5, r: 2.6, class: i < steps ? "on" : "off" }));
    }
    return g;
  }

  function blockSvg(b, x, y, mine) {
    const side = b.side === "England" ? "eng" : "sco";
    const cls = ["hs-block", side, b.hidden ? "face-down" : "face-up", b.reserve ? "reserve" : "", b.moved ? "moved" : "", mine ? "mine" : ""].join(" ");
    const g = G.svg("g", { class: cls, transform: "translate(" + x + "," + y + ")" });
    g.appendChild(G.svg("rect", { class: "hs-block-body", width: BLOCK, height: BLOCK, rx: 4 }));
    if (b.hidden) {
      g.appendChild(emblem(b.side));
      g.appendChild(G.svg("title", { text: "A " + (b.side === "England" ? "English" : "Scottish") + " block" + (b.reserve ? " in reserve" : "") }));
      return g;
    }
    g.setAttribute("data-act-type", BLOCK_TYPES);
    g.setAttribute("data-act-arg", b.id);
    g.appendChild(G.svg("text", { class: "hs-rating", x: 3.5, y: 10, text: b.letter + b.fire }));
    g.appendChild(G.svg("text", { class: "hs-move", x: BLOCK - 3.5, y: 10, text: b.move }));
    g.appendChild(G.svg("text", { class: "hs-name", x: BLOCK / 2, y: KIND[b.kind] ? 21.5 : 24, text: shortName(b.name) }));
    if (KIND[b.kind]) g.appendChild(G.svg("text", { class: "hs-kind", x: BLOCK / 2, y: 29.5, text: KIND[b.kind] }));
    g.appendChild(pips(b.steps, b.full));
    g.appendChild(G.svg("title", { text: b.name + " — " + b.steps + " of " + b.full + " steps, fires " + b.letter + b.fire + ", moves " + b.move + (b.reserve ? ", in reserve" : "") + (b.moved ? ", has moved" : "") }));
    return g;
  }

  function blockGrid(blocks, cx, top, columns, role) {
    const g = G.svg("g", { class: "hs-blocks" });
    const n = blocks.length;
    const cols = Math.min(columns, n);
    blocks.forEach((b, i) => {
      const row = Math.floor(i / columns);
      const inRow = Math.min(columns, n - row * columns);
      const x = cx - (inRow * (BLOCK + GAP) - GAP) / 2 + (i % columns) * (BLOCK + GAP);
      g.appendChild(blockSvg(b, x, top + row * (BLOCK + GAP), b.side === role));
    });
    return { g, height: n ? Math.ceil(n / cols) * (BLOCK + GAP) : 0 };
  }

  /* --- the map --------------------------------------------------------------------- */
  function drawMap(svg, view, role) {
    G.clear(svg);
    const geo = frame(view.areas);
    svg.setAttribute("viewBox", "0 0 " + geo.width + " " + geo.height);
    const pos = {};
    for (const a of view.areas) pos[a.id] = geo.at(a);

    const defs = G.svg("defs", {},
      G.svg("pattern", { id: "hs-waves", width: 42, height: 22, patternUnits: "userSpaceOnUse" },
        G.svg("path", { d: "M0 11 q10.5 -7 21 0 t21 0", class: "hs-wave" })),
      G.svg("filter", { id: "hs-goo", x: "-10%", y: "-10%", width: "120%", height: "120%" },
        G.svg("feGaussianBlur", { in: "SourceGraphic", stdDeviation: 22, result: "blur" }),
        G.svg("feColorMatrix", { in: "blur", mode: "matrix", values: "1 0 0 0 0  0 1 0 0 0  0 0 1 0 0  0 0 0 24 -11" })));
    svg.appendChild(defs);
    svg.appendChild(G.svg("rect", { class: "hs-sea", width: geo.width, height: geo.height }));
    svg.appendChild(G.svg("rect", { class: "hs-sea-waves", width: geo.width, height: geo.height }));

    // the land: a disk per area, melted together into one coast by a blur-and-threshold
    // filter; the coast is the same shape drawn a little larger underneath
    for (const pass of ["coast", "fill"]) {
      const land = G.svg("g", { class: "hs-land " + pass, filter: "url(#hs-goo)" });
      for (const a of view.areas) {
        const [x, y] = pos[a.id];
        const england = a.country === "England";
        const r = (england ? 150 : 134) + (pass === "coast" ? 8 : 0);
        land.appendChild(G.svg("circle", { cx: x + (england ? 10 : 0), cy: y + (england ? 60 : 0), r }));
      }
      svg.appendChild(land);
    }
    const tint = G.svg("g", { class: "hs-england-tint", filter: "url(#hs-goo)" });
    const eng = view.areas.find((a) => a.country === "England");
    if (eng) {
      const [x, y] = pos[eng.id];
      tint.appendChild(G.svg("circle", { cx: x + 10, cy: y + 60, r: 142 }));
    }
    svg.appendChild(tint);
    svg.appendChild(G.svg("text", { class: "hs-sea-label", x: geo.width - 70, y: 120, text: "North Sea" }));
    svg.appendChild(G.svg("text", { class: "hs-sea-label", x: 70, y: geo.height - 170, text: "Irish Sea" }));

    // borders between areas: black and red, the Anglo-Scottish border dashed
    const borders = G.svg("g", { class: "hs-borders" });
    for (const b of view.borders) {
      const [x1, y1] = pos[b.a];
      const [x2, y2] = pos[b.b];
      const cls = "hs-border " + b.type + (b.national ? " national" : "");
      borders.appendChild(G.svg("line", { x1, y1, x2, y2, class: cls + " under" }));
      borders.appendChild(G.svg("line", { x1, y1, x2, y2, class: cls },
        G.svg("title", { text: nameOf(view, b.a) + " – " + nameOf(view, b.b) + ": " + b.type + " border, " + b.limit + " blocks" + (b.national ? " (the Anglo-Scottish border)" : "") })));
      if (b.crossed) {
        const mx = (x1 + x2) / 2;
        const my = (y1 + y2) / 2;
        borders.appendChild(G.svg("g", { class: "hs-crossed" },
          G.svg("rect", { x: mx - 15, y: my - 9, width: 30, height: 17, rx: 8 }),
          G.svg("text", { x: mx, y: my + 4, text: b.crossed + "/" + b.limit })));
      }
    }
    svg.appendChild(borders);

    // areas: a ring to click, the name, castle rating and cathedral, then the blocks
    const areas = G.svg("g", { class: "hs-areas" });
    const stacks = G.svg("g", { class: "hs-stacks" });
    const moving = view.moving || {};
    for (const a of view.areas) {
      const [x, y] = pos[a.id];
      const cls = ["hs-area", a.country === "England" ? "england" : "", a.contested ? "contested" : "", a.attacker ? "battle" : "", moving.at === a.id ? "moving-at" : "", moving.from === a.id ? "moving-from" : "", view.battle && view.battle.area === a.id ? "fighting" : ""].join(" ");
      const g = G.svg("g", { class: cls, "data-act-type": "area", "data-act-arg": a.id });
      g.appendChild(G.svg("circle", { class: "hs-ring", cx: x, cy: y + 20, r: a.country === "England" ? 95 : 64 }));
      g.appendChild(G.svg("text", { class: "hs-area-name", x, y: y - 24, text: a.name }));
      const marks = G.svg("g", { class: "hs-marks", transform: "translate(" + x + "," + (y - 47) + ")" });
      if (a.country !== "England") {
        marks.appendChild(castle(a.castle, a.cathedral ? a.castle_scots : null));
      }
      if (a.cathedral) marks.appendChild(cathedral());
      g.appendChild(marks);
      if (a.attacker) g.appendChild(G.svg("text", { class: "hs-swords", x: x + 58, y: y - 20, text: "⚔" }, G.svg("title", { text: a.attacker + " attacks " + a.name })));
      const tip = a.name + (a.country === "England" ? "" : ": castle " + a.castle + (a.cathedral ? " (" + a.castle_scots + " for Scotland), cathedral" : "")) + (a.homes.length ? ". Home of " + a.homes.join(", ") : "");
      g.appendChild(G.svg("title", { text: tip }));
      areas.appendChild(g);

      const sides = role === "Scotland" ? ["Scotland", "England"] : ["England", "Scotland"];
      let top = y - 14;
      const columns = a.country === "England" ? 6 : 4;
      for (const side of sides) {
        const grid = blockGrid(a.blocks[side], x, top, columns, role);
        stacks.appendChild(grid.g);
        top += grid.height + (grid.height ? 4 : 0);
      }
    }
    svg.appendChild(areas);
    svg.appendChild(stacks);
  }

  function castle(rating, scots) {
    const g = G.svg("g", { class: "hs-castle", transform: "translate(-18,0)" });
    g.appendChild(G.svg("path", { d: "M-7 6 v-10 h3 v3 h2.5 v-3 h3 v3 h2.5 v-3 h3 v10 z" }));
    g.appendChild(G.svg("text", { x: 5, y: 5.5, text: scots !== null && scots !== rating ? rating + "/" + scots : String(rating) }));
    g.appendChild(G.svg("title", { text: "Castle " + rating + (scots !== null && scots !== rating ? " (" + scots + " for Scotland)" : "") }));
    return g;
  }

  function cathedral() {
    const g = G.svg("g", { class: "hs-cathedral", transform: "translate(22,0)" });
    g.appendChild(G.svg("path", { d: "M-1.6 -6 h3.2 v3.4 h3.4 v3.2 h-3.4 v6.4 h-3.2 v-6.4 h-3.4 v-3.2 h3.4 z" }));
    g.appendChild(G.svg("title", { text: "Cathedral" }));
    return g;
  }

  function nameOf(view, areaId) {
    const a = view.areas.find((x) => x.id === areaId);
    return a ? a.name : areaId;
  }

  /* --- cards ----------------------------------------------------------------------- */
  function cardEl(card, extra) {
    const event = !!card.event;
    return G.el("div", { class: "hs-card" + (event ? " event" : "") + (extra || ""), "data-act-type": "card", "data-act-arg": card.id, title: card.name },
      G.el("span", { class: "hs-card-value", text: event ? "★" : card.value }),
      G.el("span", { class: "hs-card-name", text: card.name }));
  }

  function drawCards(root, view) {
    const hand = G.clear(root.querySelector(".hs-hand-cards"));
    root.querySelector(".hs-hand").hidden = view.hand === null;
    for (const card of view.hand || []) hand.appendChild(cardEl(card));
    if (view.hand && !view.hand.length) hand.appendChild(G.el("p", { class: "muted", text: "No card left this year." }));
    const chosen = G.clear(root.querySelector(".hs-chosen"));
    for (const side of ["England", "Scotland"]) {
      const c = view.chosen[side];
      const slot = G.el("div", { class: "hs-chosen-slot " + (side === "England" ? "eng" : "sco") }, G.el("span", { class: "hs-side-name", text: side }));
      if (c === "hidden") slot.appendChild(G.el("div", { class: "hs-card back", title: side + " has chosen" }, G.el("span", { class: "hs-card-value", text: "?" })));
      else if (c) slot.appendChild(cardEl(c, " played"));
      else slot.appendChild(G.el("div", { class: "hs-card empty" }, G.el("span", { class: "hs-card-name", text: "—" })));
      chosen.appendChild(slot);
    }
  }

  /* --- the strip of facts, the battle board, the footer ------------------------------ */
  function fact(label, value, cls) {
    return G.el("div", { class: "hs-fact " + (cls || "") }, G.el("span", { class: "hs-fact-label", text: label }), G.el("span", { class: "hs-fact-value", text: value }));
  }

  function drawStrip(root, view) {
    const strip = G.clear(root.querySelector(".hs-strip"));
    strip.appendChild(fact("Year", String(view.year) + (view.last_year ? " (to " + view.last_year + ")" : ""), "year"));
    strip.appendChild(fact("Game turn", view.turn + " of 5"));
    if (view.p1) strip.appendChild(fact("Moves first", view.p1, view.p1 === "England" ? "eng" : "sco"));
    if (view.acting) strip.appendChild(fact("Acting", view.acting + (view.move_points ? " · " + view.move_points + " MP" : ""), view.acting === "England" ? "eng" : "sco"));
    if (view.truce) strip.appendChild(fact("Truce", "called by " + view.truce));
    strip.appendChild(fact("King of England", view.edward));
    strip.appendChild(fact("Scottish king", view.king_crowned ? "crowned" : "none"));
    strip.appendChild(fact("Nobles", "England " + view.nobles.England.length + " · Scotland " + view.nobles.Scotland.length));
  }

  function drawBattle(root, view, role) {
    const box = G.clear(root.querySelector(".hs-battle"));
    const b = view.battle;
    box.hidden = !b;
    if (!b) return;
    box.appendChild(G.el("h3", {}, "Battle of " + nameOf(view, b.area), G.el("span", { class: "muted", text: " · round " + b.round + " of 3" })));
    if (b.hits) box.appendChild(G.el("p", { class: "hs-hits", text: b.hits + " hit" + (b.hits > 1 ? "s" : "") + " to take" + (b.hits_to ? " by " + b.hits_to : "") }));
    const table = G.el("div", { class: "hs-battle-grid" });
    table.appendChild(G.el("div", { class: "hs-bcol-head" }));
    table.appendChild(G.el("div", { class: "hs-bcol-head " + side(b.attacker), text: b.attacker + " attacks" }));
    table.appendChild(G.el("div", { class: "hs-bcol-head " + side(b.defender), text: b.defender + " defends" }));
    for (const letter of ["A", "B", "C"]) {
      table.appendChild(G.el("div", { class: "hs-row-letter", text: letter }));
      for (const who of ["attacker", "defender"]) table.appendChild(blockRow(b.rows[letter][who], role));
    }
    table.appendChild(G.el("div", { class: "hs-row-letter reserve", text: "Reserve" }));
    table.appendChild(blockRow(b.reserves[b.attacker], role));
    table.appendChild(blockRow(b.reserves[b.defender], role));
    box.appendChild(table);
  }

  function side(s) { return s === "England" ? "eng" : "sco"; }

  function blockRow(blocks, role) {
    const cell = G.el("div", { class: "hs-bcell" });
    if (!blocks.length) { cell.appendChild(G.el("span", { class: "muted", text: "—" })); return cell; }
    const width = blocks.length * (BLOCK + GAP);
    const svg = G.svg("svg", { class: "hs-row-svg", viewBox: "0 0 " + width + " " + (BLOCK + 2), width: width * 1.2, height: (BLOCK + 2) * 1.2 });
    blocks.forEach((b, i) => svg.appendChild(blockSvg(b, i * (BLOCK + GAP) + 1, 1, b.side === role)));
    cell.appendChild(svg);
    return cell;
  }

  function drawFooter(root, view, role) {
    const foot = G.clear(root.querySelector(".hs-footer"));
    for (const s of ["England", "Scotland"]) {
      const pool = view.pools[s];
      const box = G.el("section", { class: "hs-pool " + side(s) }, G.el("h3", { text: s + "'s pool · " + pool.count + " block" + (pool.count === 1 ? "" : "s") }));
      if (pool.blocks && pool.blocks.length) box.appendChild(blockRow(pool.blocks, role));
      const played = view.played[s];
      if (played.length) box.appendChild(G.el("p", { class: "muted", text: "Played this year: " + played.map((c) => c.name).join(", ") }));
      foot.appendChild(box);
    }
    if (view.dead.length) {
      foot.appendChild(G.el("section", { class: "hs-dead" }, G.el("h3", { text: "Out of the game" }),
        G.el("p", { text: view.dead.map((d) => d.name).join(", ") })));
    }
  }

  /* --- labels for the action buttons ---------------------------------------------------- */
  function learnNames(view) {
    names = {};
    const add = (b) => { if (b && b.id) names[b.id] = b.name; };
    for (const a of view.areas) { names[a.id] = a.name; a.blocks.England.forEach(add); a.blocks.Scotland.forEach(add); }
    for (const s of ["England", "Scotland"]) (view.pools[s].blocks || []).forEach(add);
    if (view.battle) {
      for (const l of ["A", "B", "C"]) { view.battle.rows[l].attacker.forEach(add); view.battle.rows[l].defender.forEach(add); }
    }
    for (const c of view.hand || []) names["card:" + c.id] = c.name + (c.event ? "" : "");
  }

  const VERB = { fire: "Fire", retreat: "Retreat", hit: "Hit on", pass: "Pass with", noble: "", block: "", area: "" };

  G.registerBoard({
    render(root, view, ui) {
      const hammer = root.querySelector(".hammer");
      const role = view.role;
      learnNames(view);
      hammer.classList.toggle("as-scotland", role === "Scotland");
      drawStrip(hammer, view);
      drawCards(hammer, view);
      drawBattle(hammer, view, role);
      drawMap(hammer.querySelector(".hs-map"), view, role);
      drawFooter(hammer, view, role);
    },
    label(type, arg) {
      if (type === "card") return names["card:" + arg] || null;
      if (type in VERB && typeof arg === "string" && names[arg]) return (VERB[type] ? VERB[type] + " " : "") + names[arg];
      if (type === "stop") return "Stop here";
      return null;
    },
  });
})();
