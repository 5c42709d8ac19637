/* Twilight Struggle: the world map, drawn from this seat's view (plugins/twilight_struggle/view.py).
 *
 * The map is SVG built from the view's `drawing` (each country's box, the links, the
 * regions' colours of data/layout.json, drawing.py) and its countries: each a box in its
 * region's colour with its name, stability, battleground band and both sides' Influence
 * (a controlled side's square filled), the links between them and to the superpower boxes.
 * Above it the tracks (DEFCON, VP, turn, action rounds, military operations, Space Race);
 * beside it the seat's hand, the headline, the effects in force, the piles. Countries and
 * cards carry data-act-type / data-act-arg, so whatever the view lists as legal is
 * highlighted and clickable. No rule is decided here, and nothing is shown that the view
 * does not hold: the other side's hand is a count.
 */
(function () {
  "use strict";
  const G = window.Gameshelf;
  const SIDES = ["USSR", "US"];
  /* Words from the game's board catalog (twilight_struggle.board.*), names from names.py. */
  const T = (id, params) => G.t("twilight_struggle.board." + id, params);
  const Tor = (id, fallback) => { const t = T(id); return t === "twilight_struggle.board." + id ? fallback : t; };
  const sideName = (s) => G.name("side", s, s);
  const sideClass = (s) => (s === "US" ? "us" : s === "USSR" ? "ussr" : "neutral");
  const countryName = (id) => G.name("country", id, id);
  const regionName = (id) => G.name("region", id, id);
  const cardName = (c) => G.name("card", String(c.id), c.name);
  const cardText = (c) => (G.lang() === "zh_TW" ? c.text_zh || c.text : c.text) || "";
  const zh = (text) => (/[^\x00-\x7f]/.test(text) ? "zh-Hant" : null);
  const PHONE = window.matchMedia("(max-width: 700px)");
  const TAP = 44; // px: the least height of a country's box on a phone at the opening zoom
  let zoom = null;
  let current = null; // the last view drawn (for the buttons' words)
  const isChina = (c) => !!current && c.id === current.china.card.id; // no event at all

  /* --- the map ------------------------------------------------------------------------ */
  function countryTip(c) {
    const parts = [countryName(c.id), regionName(c.region), T("tip_stability", { n: c.stability })];
    if (c.battleground) parts.push(T("battleground"));
    parts.push(T("tip_influence", { us: c.influence.US, ussr: c.influence.USSR }));
    if (c.control) parts.push(T("tip_control", { side: sideName(c.control) }));
    return parts.join(" · ");
  }

  function influenceSquare(side, n, controlled, x, y) {
    const g = G.svg("g", { class: "ts-inf-mark " + sideClass(side) + (controlled ? " ctrl" : "") + (n ? "" : " none") });
    g.appendChild(G.svg("rect", { class: "ts-inf " + sideClass(side) + (controlled ? " ctrl" : ""), x, y, width: 26, height: 24, rx: 3 }));
    if (n) g.appendChild(G.svg("text", { class: "ts-inf-num" + (controlled ? " ctrl" : ""), x: x + 13, y: y + 18, text: n }));
    return g;
  }

  function countryBox(c, D, reach) {
    const [cx, cy] = D.at[c.id];
    const [w, h] = D.box;
    const x = cx - w / 2;
    const y = cy - h / 2;
    const cls = ["ts-country", "region-" + c.region, c.battleground ? "bg" : "", c.control ? "ctrl-" + sideClass(c.control) : "", reach.has(c.id) ? "in-reach" : ""].join(" ");
    const g = G.svg("g", { class: cls, "data-act-type": "country", "data-act-arg": c.id, "data-country": c.id });
    g.appendChild(G.svg("title", { text: countryTip(c) }));
    g.appendChild(G.svg("rect", { class: "ts-box", x, y, width: w, height: h, rx: 5, fill: D.colours[c.region] }));
    g.appendChild(G.svg("rect", { class: "ts-band", x: x + 1, y: y + 1, width: w - 2, height: 20, rx: 4 }));
    const name = countryName(c.id);
    const label = { class: "ts-name", x: cx, y: y + 15, text: name, lang: zh(name) };
    if (name.length > (zh(name) ? 6 : 13)) Object.assign(label, { textLength: w - 8, lengthAdjust: "spacingAndGlyphs" });
    g.appendChild(G.svg("text", label));
    g.appendChild(influenceSquare("US", c.influence.US, c.control === "US", x + 5, y + h - 30));
    g.appendChild(G.svg("circle", { class: "ts-stab-ring", cx, cy: y + h - 18, r: 11 }));
    g.appendChild(G.svg("text", { class: "ts-stab", x: cx, y: y + h - 13, text: c.stability }));
    g.appendChild(influenceSquare("USSR", c.influence.USSR, c.control === "USSR", x + w - 31, y + h - 30));
    return g;
  }

  /* A region: a tint around each of its boxes (Canada sits with Western Europe, far from
   * it), its name where the layout writes it. */
  function regionShade(rid, countries, D) {
    const [w, h] = D.box;
    const pad = 12;
    const g = G.svg("g", { class: "ts-region region-" + rid, fill: D.colours[rid] });
    for (const c of countries) {
      if (c.region !== rid) continue;
      const [cx, cy] = D.at[c.id];
      g.appendChild(G.svg("rect", { x: cx - w / 2 - pad, y: cy - h / 2 - pad, width: w + 2 * pad, height: h + 2 * pad, rx: 14 }));
    }
    const name = regionName(rid);
    const [lx, ly] = D.labels[rid];
    g.appendChild(G.svg("text", { class: "ts-region-name", x: lx, y: ly, text: name, lang: zh(name) }));
    return g;
  }

  function drawMap(svg, view) {
    G.clear(svg);
    const D = view.drawing;
    const [W, H] = D.size;
    const [bw, bh] = D.box;
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    svg.setAttribute("width", W);
    svg.setAttribute("height", H);
    svg.appendChild(G.svg("rect", { class: "ts-sea", width: W, height: H }));
    const main = view.regions.filter((r) => !r.part_of).map((r) => r.id);
    const shades = G.svg("g", { class: "ts-regions" });
    for (const rid of main) shades.appendChild(regionShade(rid, view.countries, D));
    svg.appendChild(shades);

    const wraps = new Set(D.wrap.map((p) => p.slice().sort().join("|")));
    const links = G.svg("g", { class: "ts-links" });
    for (const [a, b] of D.links) {
      if (wraps.has([a, b].sort().join("|"))) continue;
      const [ax, ay] = D.at[a];
      const [bx, by] = D.at[b];
      const power = a === "USA" || a === "USSR" || b === "USA" || b === "USSR";
      links.appendChild(G.svg("line", { class: "ts-link" + (power ? " power" : ""), x1: ax, y1: ay, x2: bx, y2: by }));
    }
    for (const [a, b] of D.wrap) { // across the map's edge: a stub from each box to its side
      for (const [from, to] of [[a, b], [b, a]]) {
        const [fx, fy] = D.at[from];
        const edge = D.at[from][0] < D.at[to][0] ? 0 : W;
        links.appendChild(G.svg("line", { class: "ts-link power wrap", x1: fx, y1: fy, x2: edge, y2: fy }));
        const name = from === "USA" || from === "USSR" ? countryName(to) : sideName(to === "USA" ? "US" : to);
        links.appendChild(G.svg("text", { class: "ts-wrap-name", x: edge === 0 ? 8 : W - 8, y: fy - 8, "text-anchor": edge === 0 ? "start" : "end", text: "→ " + name, lang: zh(name) }));
      }
    }
    svg.appendChild(links);

    for (const side of SIDES) { // the superpower boxes
      const id = side === "US" ? "USA" : "USSR";
      const [cx, cy] = D.at[id];
      svg.appendChild(G.svg("g", { class: "ts-power " + sideClass(side) },
        G.svg("rect", { x: cx - bw * 0.7, y: cy - bh / 2 - 6, width: bw * 1.4, height: bh + 12, rx: 8 }),
        G.svg("text", { x: cx, y: cy + 10, text: sideName(side), lang: zh(sideName(side)) })));
    }
    const reach = new Set((view.operation && view.operation.reach) || []);
    const boxes = G.svg("g", { class: "ts-countries" });
    for (const c of view.countries) boxes.appendChild(countryBox(c, D, reach));
    svg.appendChild(boxes);
  }

  /* Where the seat's own Influence stands, on average (a phone's map opens centred there). */
  function ownCentre(view) {
    const D = view.drawing;
    const side = SIDES.includes(view.role) ? view.role : "US";
    const mine = view.countries.filter((c) => c.influence[side] > 0);
    if (!mine.length) return null;
    return [mine.reduce((t, c) => t + D.at[c.id][0], 0) / mine.length, mine.reduce((t, c) => t + D.at[c.id][1], 0) / mine.length];
  }

  /* --- the tracks ---------------------------------------------------------------------- */
  function track(label, cells, cls) {
    return G.el("div", { class: "ts-track " + (cls || "") }, G.el("span", { class: "ts-track-label", text: label }), G.el("div", { class: "ts-cells" }, cells));
  }
  const cell = (text, on, extra, tip) => G.el("span", { class: "ts-cell" + (on ? " on" : "") + (extra ? " " + extra : ""), text, title: tip || null });

  function drawTracks(root, view) {
    const box = G.clear(root.querySelector(".ts-tracks"));
    box.appendChild(track(T("defcon"), [5, 4, 3, 2, 1].map((n) => cell(String(n), view.defcon === n, "defcon-" + n)), "defcon"));
    const lead = view.vp > 0 ? T("vp_lead", { side: sideName("US"), n: view.vp }) : view.vp < 0 ? T("vp_lead", { side: sideName("USSR"), n: -view.vp }) : T("vp_even");
    const marker = G.el("span", { class: "ts-vp-marker " + (view.vp > 0 ? "us" : view.vp < 0 ? "ussr" : ""), "data-vp": view.vp });
    marker.style.left = ((Math.max(-20, Math.min(20, view.vp)) + 20) * 2.5) + "%"; // USSR 20 at the left, US 20 at the right
    const bar = G.el("div", { class: "ts-vp-bar", title: T("vp_tip") }, G.el("span", { class: "ts-vp-end ussr", text: "20" }), G.el("span", { class: "ts-vp-rail" }, marker), G.el("span", { class: "ts-vp-end us", text: "20" }));
    box.appendChild(G.el("div", { class: "ts-track vp" }, G.el("span", { class: "ts-track-label", text: T("vp") }), G.el("span", { class: "ts-vp-text", text: lead }), bar));
    const turns = [];
    for (let n = 1; n <= 10; n++) turns.push(cell(String(n), view.turn === n, n <= 3 ? "early" : n <= 7 ? "mid" : "late"));
    box.appendChild(track(T("turn") + " · " + T("era." + view.era), turns, "turn"));
    box.appendChild(G.el("div", { class: "ts-track rounds" }, G.el("span", { class: "ts-track-label", text: T("action_round") }),
      SIDES.map((s) => G.el("span", { class: "ts-count " + sideClass(s) + (view.phasing === s ? " phasing" : ""), title: view.phasing === s ? T("phasing_tip") : null,
        text: T("rounds_of", { side: sideName(s), done: view.rounds[s].done, total: view.rounds[s].total }) }))));
    box.appendChild(G.el("div", { class: "ts-track milops" }, G.el("span", { class: "ts-track-label", text: T("milops") }),
      SIDES.map((s) => G.el("span", { class: "ts-count " + sideClass(s) + (view.milops[s] < view.defcon ? " short" : ""), title: T("milops_tip", { n: view.defcon }),
        text: T("milops_of", { side: sideName(s), n: view.milops[s], needed: view.defcon }) }))));
    const space = view.space_boxes.map((b) => {
      const marks = SIDES.filter((s) => view.space[s].box === b.box).map((s) => G.el("span", { class: "ts-space-mark " + sideClass(s), title: sideName(s) }));
      const tip = G.name("box", String(b.box), b.name);
      return G.el("span", { class: "ts-cell space", title: tip }, G.el("span", { class: "ts-space-n", text: String(b.box) }), marks);
    });
    box.appendChild(track(T("space_race"), space, "space"));
    const china = view.china;
    box.appendChild(G.el("div", { class: "ts-track china" }, G.el("span", { class: "ts-track-label", text: cardName(china.card) }),
      G.el("span", { class: "ts-count " + sideClass(china.holder), text: T(china.face_up ? "china_up" : "china_down", { side: sideName(china.holder) }) })));
  }

  /* --- cards --------------------------------------------------------------------------- */
  function cardEl(c, extra) {
    const text = cardText(c);
    const ops = c.scoring ? T("scoring_mark") : String(c.ops);
    const name = cardName(c);
    const tip = T("card_tip", { card: name, text: text || "—" });
    const el = G.el("div", { class: "ts-card side-" + sideClass(c.side) + (c.scoring ? " scoring" : "") + (extra || ""), "data-act-type": "card", "data-act-arg": c.id, "data-card": c.id, title: tip },
      G.el("div", { class: "ts-card-top" },
        G.el("span", { class: "ts-card-ops " + sideClass(c.side), text: ops, title: c.scoring ? T("scoring_tip") : T("ops_tip", { n: c.ops }) }),
        G.el("span", { class: "ts-card-era", text: T("era." + c.era) + (c.starred ? " ★" : "") })),
      G.el("span", { class: "ts-card-name" + (c.underlined ? " underlined" : ""), text: name, lang: zh(name) }),
      G.el("span", { class: "ts-card-side", text: c.side === "US" || c.side === "USSR" ? T("event_of", { side: sideName(c.side) }) : isChina(c) ? T("no_event") : T("event_neutral") }),
      G.el("span", { class: "ts-card-text", text, lang: zh(text) }),
      c.event || isChina(c) ? null : G.el("span", { class: "ts-card-note", text: T("no_event_yet") }));
    return el;
  }

  function drawHand(root, view) {
    const sect = root.querySelector(".ts-hand");
    const hand = G.clear(root.querySelector(".ts-hand-cards"));
    sect.hidden = view.hand === null;
    for (const c of view.hand || []) hand.appendChild(cardEl(c));
    if (view.china.holder === view.role && view.china.face_up) hand.appendChild(cardEl(view.china.card, " china"));
    if (view.hand && !view.hand.length) hand.appendChild(G.el("p", { class: "muted", text: T("no_card") }));
  }

  function drawHeadline(root, view) {
    const slots = G.clear(root.querySelector(".ts-headline-slots"));
    const choosing = Array.isArray(view.chosen) && view.step === "headline_choice";
    const heads = view.headlines || {};
    let any = false;
    for (const s of SIDES) {
      const slot = G.el("div", { class: "ts-head-slot " + sideClass(s) }, G.el("span", { class: "ts-side-name", text: sideName(s) }));
      const mine = s === view.role && view.my_choice && view.my_choice.type === "card" ? (view.hand || []).find((c) => String(c.id) === String(view.my_choice.arg)) : null;
      if (heads[s]) { slot.appendChild(cardEl(heads[s], " played")); any = true; }
      else if (mine) { slot.appendChild(cardEl(mine, " played")); any = true; }
      else if (choosing && view.chosen.includes(s)) { slot.appendChild(G.el("div", { class: "ts-card back", title: T("head_hidden", { side: sideName(s) }) }, G.el("span", { class: "ts-card-name", text: T("head_chosen") }))); any = true; }
      else if (choosing) { slot.appendChild(G.el("div", { class: "ts-card empty" }, G.el("span", { class: "ts-card-name", text: T("head_choosing") }))); any = true; }
      slots.appendChild(slot);
    }
    root.querySelector(".ts-headline").hidden = !any;
  }

  /* Each effect in force with its card: its name (the reader's language), whose it is, how
   * long it lasts, the region it names (Chernobyl), what it does (the card's text), and who
   * may end it and how. */
  function drawEffects(root, view) {
    const list = G.clear(root.querySelector(".ts-effect-list"));
    for (const e of view.effects) {
      const name = cardName(e.card);
      const text = cardText(e.card);
      const region = e.region ? T("effect_region", { region: regionName(e.region) }) : null;
      const cancel = e.cancel ? T("cancel_note", { side: sideName(e.cancel.side), countries: e.cancel.countries.map(countryName).join(T("or")) }) : null;
      list.appendChild(G.el("li", { class: "ts-effect " + sideClass(e.side), "data-card": e.card.id, title: text },
        G.el("b", { text: name, lang: zh(name) }), " ",
        G.el("span", { class: "muted", text: T(e.until === "game" ? "until_cancelled" : "until_turn_end", { side: sideName(e.side) }) }),
        region ? G.el("span", { class: "ts-effect-region", text: region, lang: zh(region) }) : null,
        G.el("span", { class: "ts-effect-text", text, lang: zh(text) }),
        cancel ? G.el("span", { class: "ts-effect-cancel", text: cancel, lang: zh(cancel) }) : null));
    }
    if (!view.effects.length) list.appendChild(G.el("li", { class: "muted", text: T("no_effects") }));
  }

  function pile(title, cards) {
    const names = cards.map(cardName).join(T("comma"));
    return G.el("details", { class: "ts-pile" }, G.el("summary", { text: T("pile_count", { pile: title, count: cards.length }) }), G.el("p", { text: names || "—" }));
  }

  function drawPiles(root, view) {
    const box = G.clear(root.querySelector(".ts-piles"));
    box.appendChild(G.el("p", { class: "ts-sizes" }, SIDES.map((s) => G.el("span", { class: "ts-count " + sideClass(s), text: T("hand_size", { side: sideName(s), count: view.hand_sizes[s] }) })),
      G.el("span", { class: "ts-count", text: T("draw_pile", { count: view.draw_pile }) })));
    if (view.shown && view.shown.length) {
      const other = view.role === "US" ? "USSR" : "US";
      box.appendChild(G.el("section", { class: "ts-shown" }, G.el("h3", { text: T("shown_to_you", { side: sideName(other) }) }), G.el("div", { class: "ts-hand-cards" }, view.shown.map((c) => cardEl(c, " shown")))));
    }
    if (view.set_aside && view.set_aside.length) { // Our Man in Tehran: the cards this seat looks at
      box.appendChild(G.el("section", { class: "ts-looking" }, G.el("h3", { text: T("looking_at") }), G.el("div", { class: "ts-hand-cards" }, view.set_aside.map((c) => cardEl(c, " shown")))));
    }
    for (const s of SIDES) {
      const n = (view.set_aside_sizes || {})[s];
      if (n && s !== view.role) box.appendChild(G.el("p", { class: "ts-looks muted", text: T("other_looks", { side: sideName(s), count: n }) }));
    }
    box.appendChild(pile(T("discard"), view.discard));
    box.appendChild(pile(T("removed"), view.removed));
  }

  function drawDoing(root, view) {
    const line = root.querySelector(".ts-doing");
    const op = view.operation;
    let text = "";
    if (op) text = T("doing." + op.kind, { side: sideName(op.side), card: cardName(op.card), count: op.ops_left });
    else if (view.placement) text = T("doing.placement", { side: sideName(view.placement.side), count: view.placement.left, region: regionName(view.placement.region) });
    else if (view.question && view.question.chooser === view.role) text = T("doing.your_question", { card: cardName(view.question.card) });
    else if (view.question) text = T("doing.question", { side: sideName(view.question.chooser), card: cardName(view.question.card) });
    else if (view.playing) text = T("doing.playing", { side: sideName(view.playing.side), card: cardName(view.playing.card) });
    line.textContent = text;
    line.hidden = !text;
    const ts = root;
    for (const k of ["influence", "coup", "realign"]) ts.classList.toggle("doing-" + k, !!op && op.kind === k);
  }

  /* --- the buttons' words ---------------------------------------------------------------- */
  function label(type, arg, view) {
    view = view || current;
    if (type === "country" && typeof arg === "string") {
      const op = view && view.operation;
      const name = countryName(arg);
      return op && ["coup", "realign", "influence"].includes(op.kind) ? T("verb." + op.kind, { name }) : name;
    }
    if (type === "cancel_crisis" && typeof arg === "string") return T("cancel_crisis", { name: countryName(arg) });
    if (type === "choose" && typeof arg === "string") {
      const level = /^defcon_(\d)$/.exec(arg);
      if (level) return T("choose.defcon_n", { n: level[1] });
      if (arg.startsWith("region_")) return regionName(arg.slice(7));
    }
    if (type === "card" && arg !== null && arg !== undefined) {
      const seen = view ? [].concat(view.hand || [], [view.china.card], view.set_aside || [], view.shown || [], view.discard || []) : [];
      const c = seen.find((x) => String(x.id) === String(arg));
      return c ? T("card_button", { card: cardName(c), ops: c.scoring ? T("scoring_mark") : c.ops }) : G.name("card", String(arg), String(arg));
    }
    if (arg === null || arg === undefined) return Tor("action." + type, null);
    if (typeof arg === "string") return Tor(type + "." + arg, null);
    return null;
  }

  G.registerBoard({
    render(root, view, ui) {
      const ts = root.querySelector(".ts");
      current = view;
      drawTracks(ts, view);
      drawMap(ts.querySelector(".ts-map"), view);
      drawDoing(ts, view);
      drawHand(ts, view);
      drawHeadline(ts, view);
      drawEffects(ts, view);
      drawPiles(ts, view);
      const page = G.pageData();
      if (G.zoomable) zoom = G.zoomable(ts.querySelector(".ts-map-wrap"), ts.querySelector(".ts-map-content"), {
        size: () => view.drawing.size, key: page.match ? page.match + ":" + (ui && ui.replay ? "replay" : "play") : null,
        least: () => (PHONE.matches ? TAP / view.drawing.box[1] : 0),
        focus: () => ownCentre(view), barOutside: true,
      });
    },
    label,
    roleColour(role) { return role === "US" ? "#1f4e9c" : role === "USSR" ? "#b3261e" : null; },
  });
})();
