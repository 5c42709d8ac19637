/* Hansa Teutonica: Britannia: the board, drawn from this seat's view (plugins/hansa_britannia/view.py).
 *
 * The map is SVG built from drawing-<side>.json (drawing.py: each city's box with its offices, each
 * route's line and spaces, the places of the bonus markers, the countries' colours), read
 * once, and the view: the pieces on the spaces, the Kontors in the offices and annexes, the
 * markers on the routes, Plymouth's special prestige. Beside it every player's desk (the five
 * abilities, supply, stock, prestige, the markers in hand), the completed-cities track and
 * the supply of markers; above it a line saying what the step being decided is about (a
 * displaced victim is asked in its own colour). Spaces, cities, offices, abilities, markers
 * and pieces carry data-act-type / data-act-arg, so whatever the view lists as legal is
 * highlighted and clickable. A space takes a trader or a merchant, and an annex is made of either: where
 * both are legal the piece chooser above the desks decides which. No rule is decided here.
 */
(function () {
  "use strict";
  const G = window.Gameshelf;
  /* Words from the game's board catalog (hansa_britannia.board.*), names from names.py. */
  const T = (id, params) => G.t("hansa_britannia.board." + id, params);
  const Tor = (id, fallback) => { const t = T(id); return t === "hansa_britannia.board." + id ? fallback : t; };
  const N = (kind, id) => G.name(kind, id, id);
  const roleName = (r) => N("role", r);
  const zh = (text) => (/[^\x00-\x7f]/.test(text) ? "zh-Hant" : null);
  const COLOURS = { red: "#c0392b", yellow: "#e6b400", green: "#2e8b57", blue: "#2e6fd1", purple: "#8e44ad", neutral: "#7f8c8d" };
  const PRIVILEGE = { white: "#ffffff", orange: "#f39c3c", pink: "#f4a6c6", black: "#2b2b2b" };
  const SPACE_TYPES = {
    trader: "place_trader place_merchant displace_trader displace_merchant lift",
    merchant: "place_merchant place_trader displace_merchant displace_trader lift",
  };
  /* The Additional Trading Post: the piece of the route that becomes the annex (RULES §7.2). */
  const ANNEX_TYPES = { trader: "annex_trader annex_merchant", merchant: "annex_merchant annex_trader" };
  const drawings = {}; // by board side: its drawing-<side>.json once read (false: none)
  const loading = {};
  let drawing = null; // the drawing of the side being shown
  let shape = "trader"; // the piece a click on a space uses where both are legal
  let current = null; // the last view drawn, and how it was drawn
  let last = null;

  function loadDrawing(root, side) {
    if (!loading[side]) {
      const url = root.querySelector(".hb").dataset.drawings + "/drawing-" + side + ".json";
      loading[side] = fetch(url, { credentials: "same-origin" })
        .then((r) => (r.ok ? r.json() : false)).catch(() => false).then((d) => { drawings[side] = d; });
    }
    return loading[side];
  }

  /* --- pieces ----------------------------------------------------------------------- */
  function piece(p, x, y, size, extra) {
    if (!p) return null;
    const cls = "hb-piece " + p.piece + " role-" + p.role + (extra ? " " + extra : "");
    const fill = COLOURS[p.role] || "#777";
    if (p.piece === "merchant") return G.svg("circle", { class: cls, cx: x, cy: y, r: size / 2, fill });
    return G.svg("rect", { class: cls, x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 2, fill });
  }
  const pieceWords = (p) => T("piece_of", { role: roleName(p.role), piece: N("piece", p.piece) });

  /* --- the map ------------------------------------------------------------------------ */
  function countryShades(D) {
    const g = G.svg("g", { class: "hb-lands" });
    const pad = 22;
    for (const [cid, c] of Object.entries(D.cities)) {
      const [x, y, w, h] = c.box;
      const part = (w + 2 * pad) / c.countries.length; // Isle of Man: half Wales, half Scotland
      c.countries.forEach((k, i) => {
        g.appendChild(G.svg("rect", { class: "hb-land country-" + k, "data-city": cid, fill: D.countries[k].colour,
          x: x - pad + i * part, y: y - pad, width: part, height: h + 2 * pad, rx: 18 }));
      });
    }
    for (const [k, look] of Object.entries(D.countries)) {
      const name = N("country", k);
      g.appendChild(G.svg("text", { class: "hb-country-name country-" + k, x: look.label[0], y: look.label[1], text: name, lang: zh(name) }));
    }
    return g;
  }

  function markerToken(kind, at, cls, tip) {
    const [w, h] = drawing.marker;
    const label = T("marker_short." + kind);
    return G.svg("g", { class: "hb-token " + cls, "data-marker": kind },
      G.svg("title", { text: tip }),
      G.svg("rect", { x: at[0] - w / 2, y: at[1] - h / 2, width: w, height: h, rx: 6 }),
      G.svg("text", { x: at[0], y: at[1] + 4, text: label, lang: zh(label) }));
  }

  function spaceTip(routeId, i, kind, p) {
    const parts = [T("space_tip", { route: N("route", routeId), n: i + 1 })];
    if (kind === "ship") parts.push(T("ship_tip"));
    if (p) parts.push(pieceWords(p));
    return parts.join(" · ");
  }

  /* A route: its line, its marker's spot (a tavern, a bonus or printed marker, else an empty
   * spot that lights up when the route is to be clicked), then, in a layer above every line,
   * its spaces. */
  function drawRoute(id, R, seen, view) {
    const doing = view.doing || {};
    const cls = ["hb-route", "country-" + R.country, doing.route === id ? "doing" : "", seen.marker ? "has-marker" : ""].join(" ");
    const g = G.svg("g", { class: cls, "data-route": id, "data-act-type": "create route", "data-act-arg": id });
    g.appendChild(G.svg("title", { text: N("route", id) }));
    const points = R.line.map((p) => p.join(",")).join(" ");
    g.appendChild(G.svg("polyline", { class: "hb-hit", points }));
    g.appendChild(G.svg("polyline", { class: "hb-line", points, stroke: drawing.countries[R.country].line }));
    if (R.printed) g.appendChild(markerToken(R.printed, R.marker, "printed", T("printed_tip", { marker: N("marker", R.printed) })));
    else if (seen.marker) g.appendChild(markerToken(seen.marker, R.marker, "bonus", T("marker_tip", { marker: N("marker", seen.marker) })));
    else if (R.tavern) g.appendChild(markerToken("tavern", R.marker, "tavern", T("tavern_tip")));
    else {
      const [w, h] = drawing.marker;
      g.appendChild(G.svg("rect", { class: "hb-token hb-spot", x: R.marker[0] - w / 2, y: R.marker[1] - h / 2, width: w, height: h, rx: 6 }));
    }
    return g;
  }

  function drawSpaces(id, R, seen) {
    const g = G.svg("g", { class: "hb-route-spaces", "data-route": id });
    const half = drawing.slot / 2;
    R.spaces.forEach(([x, y, angle], i) => {
      const sp = seen.first_space + i;
      const p = seen.spaces[i];
      const kind = R.kinds[i];
      const s = G.svg("g", { class: "hb-space " + kind + (p ? " taken" : ""), "data-space": sp, "data-route": id,
        "data-act-type": SPACE_TYPES[shape], "data-act-arg": sp, transform: "translate(" + x + " " + y + ") rotate(" + angle + ")" });
      s.appendChild(G.svg("title", { text: spaceTip(id, i, kind, p) }));
      s.appendChild(G.svg("rect", { class: "hb-slot", x: -half, y: -half, width: 2 * half, height: 2 * half, rx: 5 }));
      if (kind === "ship") s.appendChild(G.svg("path", { class: "hb-wave", d: "M-10 6 q5 -5 10 0 t10 0" }));
      if (p) s.appendChild(piece(p, 0, 0, 20));
      g.appendChild(s);
    });
    return g;
  }

  function officeTip(city, o, i, k) {
    const parts = [T("office_tip", { city: N("city", city), n: i + 1 }), T("office_" + o.shape), T("privilege_tip", { colour: T("privilege." + o.privilege) })];
    if (o.coin) parts.push(T("coin_tip", { n: o.coin }));
    if (k) parts.push(pieceWords(k));
    return parts.join(" · ");
  }

  function drawCity(id, C, seen, view) {
    const [x, y, w, h] = C.box;
    const half = drawing.slot / 2;
    const full = seen.offices.length >= C.offices.length;
    const ctl = seen.controller;
    const g = G.svg("g", { class: "hb-city" + (full ? " complete" : "") + (ctl ? " ctl" : ""), "data-city": id, "data-act-type": "office", "data-act-arg": id });
    const name = N("city", id);
    g.appendChild(G.svg("title", { text: T("city_tip", { city: name, taken: seen.offices.length, count: C.offices.length }) + (ctl ? " · " + T("controller_tip", { role: roleName(ctl) }) : "") }));
    g.appendChild(G.svg("rect", { class: "hb-box", x, y, width: w, height: h, rx: 6, stroke: ctl ? COLOURS[ctl] : null }));
    g.appendChild(G.svg("rect", { class: "hb-band", x: x + 1, y: y + 1, width: w - 2, height: 18, rx: 5 }));
    const label = { class: "hb-city-name", x: x + w / 2, y: y + 14, text: (full ? "✓ " : "") + name, lang: zh(name) };
    if (name.length > 12) Object.assign(label, { textLength: w - 8, lengthAdjust: "spacingAndGlyphs" });
    g.appendChild(G.svg("text", label));
    C.offices.forEach((o, i) => {
      const [ox, oy] = o.at;
      const k = seen.offices[i];
      const og = G.svg("g", { class: "hb-office " + o.shape + " privilege-" + o.privilege + (i === seen.offices.length ? " next" : ""), "data-office": id + ":" + i });
      og.appendChild(G.svg("title", { text: officeTip(id, o, i, k) }));
      const fill = PRIVILEGE[o.privilege];
      if (o.shape === "circle") og.appendChild(G.svg("circle", { class: "hb-office-shape", cx: ox, cy: oy, r: half, fill }));
      else og.appendChild(G.svg("rect", { class: "hb-office-shape", x: ox - half, y: oy - half, width: 2 * half, height: 2 * half, rx: 3, fill }));
      if (k) og.appendChild(piece(k, ox, oy, 20));
      if (o.coin) {
        og.appendChild(G.svg("circle", { class: "hb-coin", cx: ox + half - 3, cy: oy - half + 3, r: 7 }));
        og.appendChild(G.svg("text", { class: "hb-coin-n", x: ox + half - 3, y: oy - half + 6.5, text: o.coin }));
      }
      g.appendChild(og);
    });
    // Exchange Trading Posts: a handle between two neighbouring offices (shown when offered)
    for (let i = 0; i + 1 < C.offices.length; i++) {
      const [ax, ay] = C.offices[i].at;
      const [bx, by] = C.offices[i + 1].at;
      if (ay !== by) continue;
      g.appendChild(G.svg("g", { class: "hb-swap", "data-act-type": "swap", "data-act-arg": id + ":" + i },
        G.svg("title", { text: T("swap_tip", { city: name }) }),
        G.svg("circle", { cx: (ax + bx) / 2, cy: ay + half - 2, r: 7 }),
        G.svg("text", { x: (ax + bx) / 2, y: ay + half + 1.5, text: "⇄" })));
    }
    // annexes (the Additional Trading Post): left of the box, each further left
    seen.annexes.forEach((k, i) => {
      const ax = x - 14 - i * 24;
      g.appendChild(G.svg("g", { class: "hb-annex" }, G.svg("title", { text: T("annex_tip", { city: name }) + " · " + pieceWords(k) }),
        G.svg("rect", { class: "hb-annex-slot", x: ax - 11, y: y + 20, width: 22, height: 22, rx: 4 }), piece(k, ax, y + 31, 14)));
    });
    const nx = x - 14 - seen.annexes.length * 24;
    g.appendChild(G.svg("g", { class: "hb-annex-new", "data-act-type": ANNEX_TYPES[shape], "data-act-arg": id },
      G.svg("title", { text: T("annex_new_tip", { city: name }) }),
      G.svg("rect", { x: nx - 11, y: y + 20, width: 22, height: 22, rx: 4 }),
      G.svg("text", { x: nx, y: y + 36, text: "+" })));
    if (C.ability) {
      const [ax, ay] = C.ability_at;
      const word = T("ability_short." + C.ability);
      g.appendChild(G.svg("g", { class: "hb-ability-mark", "data-act-type": "ability", "data-act-arg": C.ability },
        G.svg("title", { text: T("ability_city_tip", { ability: N("ability", C.ability) }) }),
        G.svg("rect", { x: x + 6, y: ay - 7, width: w - 12, height: 13, rx: 6 }),
        G.svg("text", { x: ax, y: ay + 3.5, text: word, lang: zh(word) })));
    }
    (C.special || []).forEach((sp, i) => {
      const who = (view.special_prestige[i] || {}).role;
      const [sx, sy] = sp.at;
      g.appendChild(G.svg("g", { class: "hb-special privilege-" + sp.privilege, "data-act-type": "prestige", "data-act-arg": i },
        G.svg("title", { text: T("special_tip", { points: sp.points, colour: T("privilege." + sp.privilege) }) + (who ? " · " + roleName(who) : "") }),
        G.svg("circle", { class: "hb-office-shape", cx: sx, cy: sy, r: half - 1, fill: PRIVILEGE[sp.privilege] }),
        who ? piece({ role: who, piece: "merchant" }, sx, sy, 20) : G.svg("text", { class: "hb-special-n", x: sx, y: sy + 5, text: sp.points })));
    });
    return g;
  }

  function drawMap(svg, view) {
    G.clear(svg);
    const D = drawing;
    const [W, H] = D.size;
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    svg.setAttribute("width", W);
    svg.setAttribute("height", H);
    svg.appendChild(G.svg("rect", { class: "hb-sea", width: W, height: H }));
    svg.appendChild(countryShades(D));
    const routes = G.svg("g", { class: "hb-routes" });
    for (const [id, R] of Object.entries(D.routes)) routes.appendChild(drawRoute(id, R, view.routes[id], view));
    svg.appendChild(routes);
    const cities = G.svg("g", { class: "hb-cities" });
    for (const [id, C] of Object.entries(D.cities)) cities.appendChild(drawCity(id, C, view.cities[id], view));
    svg.appendChild(cities);
    const spaces = G.svg("g", { class: "hb-spaces" });
    for (const [id, R] of Object.entries(D.routes)) spaces.appendChild(drawSpaces(id, R, view.routes[id]));
    // a click on a space that is no choice itself chooses its route, when that is one
    // (create the route full of one's pieces, put a marker on it)
    spaces.addEventListener("click", (ev) => {
      const space = ev.target.closest && ev.target.closest(".hb-space");
      if (!space || space.classList.contains("legal")) return;
      const route = svg.querySelector(".hb-route.legal[data-route='" + space.dataset.route + "']");
      if (route && route.onclick) route.onclick(ev);
    });
    svg.appendChild(spaces);
  }

  /* The centre of what this seat may click, else of its own pieces (a phone opens there). */
  function focusPoint(view) {
    const pts = [];
    const legal = new Set(Object.values(view.actions || {}).flat().map(String));
    for (const [id, R] of Object.entries(drawing.routes)) {
      const seen = view.routes[id];
      R.spaces.forEach((p, i) => {
        const mine = seen.spaces[i] && seen.spaces[i].role === view.role;
        if (legal.has(String(seen.first_space + i)) || (!legal.size && mine)) pts.push(p);
      });
    }
    if (!pts.length) return null;
    return [pts.reduce((t, p) => t + p[0], 0) / pts.length, pts.reduce((t, p) => t + p[1], 0) / pts.length];
  }

  /* --- the desks ------------------------------------------------------------------------ */
  const shapeMark = (p) => G.el("span", { class: "hb-mark " + p, "aria-hidden": "true" });

  function pool(label, counts, actType, mine) {
    return G.el("span", { class: "hb-pool" }, G.el("span", { class: "hb-pool-label", text: label }),
      ["trader", "merchant"].map((p) => G.el("span", { class: "hb-count " + p, title: T("count_tip", { piece: N("piece", p), count: counts[p] }),
        "data-act-type": mine && actType ? actType[p] : null }, shapeMark(p), String(counts[p]))));
  }

  function track(desk, ability, mine) {
    const level = desk.abilities[ability.id];
    const cells = ability.values.map((v, i) => {
      const covered = i > level;
      const word = v === 0 ? "C" : String(v);
      return G.el("span", { class: "hb-cell" + (i === level ? " now" : "") + (covered ? " covered " + ability.piece : ""), title: covered ? T("covered_tip", { piece: N("piece", ability.piece) }) : null, text: word });
    });
    const name = N("ability", ability.id);
    return G.el("div", { class: "hb-track", "data-ability": ability.id, "data-act-type": mine ? "ability" : null, "data-act-arg": mine ? ability.id : null,
      title: T("track_tip", { ability: name, value: ability.values[level] === 0 ? "C" : ability.values[level] }) },
      G.el("span", { class: "hb-track-name", text: name, lang: zh(name) }), G.el("span", { class: "hb-cells" }, cells));
  }

  function markerChip(kind, cls, actType) {
    const name = N("marker", kind);
    return G.el("span", { class: "hb-chip " + cls, "data-marker": kind, "data-act-type": actType, "data-act-arg": actType ? kind : null, title: name, text: T("marker_short." + kind), lang: zh(T("marker_short." + kind)) });
  }

  function deskEl(desk, view) {
    const mine = desk.role === view.role;
    const doing = view.doing || {};
    const acting = mine && (doing.role || view.current) === view.role;
    const turn = desk.role === view.current && view.step !== "game_over";
    const cls = ["hb-desk", "role-" + desk.role, turn ? "current" : "", mine ? "me" : ""].join(" ");
    const el = G.el("section", { class: cls, "data-role": desk.role });
    el.style.setProperty("--seat", COLOURS[desk.role] || "#777");
    el.appendChild(G.el("header", { class: "hb-desk-head" },
      G.el("span", { class: "hb-swatch" }), G.el("b", { text: roleName(desk.role), lang: zh(roleName(desk.role)) }),
      turn ? G.el("span", { class: "hb-turn", text: T("its_turn", { count: view.actions_left }) }) : null,
      G.el("span", { class: "hb-prestige", title: T("prestige_tip"), text: T("prestige", { count: desk.prestige }) })));
    el.appendChild(G.el("div", { class: "hb-pools" },
      pool(T("supply"), desk.supply, { trader: "pay_trader", merchant: "pay_merchant" }, acting),
      pool(T("stock"), desk.stock, { trader: "trader", merchant: "merchant" }, acting)));
    el.appendChild(G.el("div", { class: "hb-tracks" }, drawing.desk.abilities.map((a) => track(desk, a, acting))));
    const chips = desk.markers.map((k) => markerChip(k, "held", acting ? "marker" : null)).concat(desk.used.map((k) => markerChip(k, "used", null)));
    el.appendChild(G.el("div", { class: "hb-markers" }, G.el("span", { class: "hb-pool-label", text: T("markers") }),
      chips.length ? chips : G.el("span", { class: "muted", text: "—" }),
      desk.owed ? G.el("span", { class: "hb-owed", text: T("owed", { count: desk.owed }) }) : null));
    const final = (view.final || [])[view.desks.indexOf(desk)];
    if (final) el.appendChild(finalTable(final));
    return el;
  }

  /* The neutral of a two-player game: a player of its own colour with no desk (RULES §14). */
  function neutralEl(n) {
    const el = G.el("section", { class: "hb-desk neutral role-neutral", "data-role": "neutral" });
    el.style.setProperty("--seat", COLOURS.neutral);
    el.appendChild(G.el("header", { class: "hb-desk-head" },
      G.el("span", { class: "hb-swatch" }), G.el("b", { text: roleName("neutral"), lang: zh(roleName("neutral")) }),
      G.el("span", { class: "hb-prestige", title: T("prestige_tip"), text: T("prestige", { count: n.prestige }) })));
    el.appendChild(G.el("div", { class: "hb-pools" }, G.el("span", { text: T("neutral_kontors", { count: n.kontors }) }),
      n.owed ? G.el("span", { class: "hb-owed", text: T("owed", { count: n.owed }) }) : null));
    if (n.final) el.appendChild(finalTable(n.final));
    return el;
  }

  /* The final scoring, line by line (scoring.py), once the game is over. */
  function finalTable(final) {
    const rows = Object.entries(final).filter(([k]) => k !== "total").map(([k, v]) =>
      G.el("tr", {}, G.el("th", { scope: "row", text: Tor("final." + k, G.words(k)) }), G.el("td", { text: String(v) })));
    rows.push(G.el("tr", { class: "total" }, G.el("th", { scope: "row", text: T("final.total") }), G.el("td", { text: String(final.total) })));
    return G.el("table", { class: "hb-final" }, G.el("caption", { text: T("final") }), G.el("tbody", {}, rows));
  }

  function drawStatus(root, view) {
    const box = G.clear(root.querySelector(".hb-status"));
    const cells = [];
    for (let n = 1; n <= drawing.completed_to_end; n++) cells.push(G.el("span", { class: "hb-cell" + (n <= view.completed ? " on" : ""), text: String(n) }));
    box.appendChild(G.el("div", { class: "hb-stat completed", title: T("completed_tip", { count: drawing.completed_to_end }) },
      G.el("span", { class: "hb-stat-label", text: T("completed") }), G.el("span", { class: "hb-cells" }, cells)));
    box.appendChild(G.el("div", { class: "hb-stat supply", title: T("supply_tip") },
      G.el("span", { class: "hb-stat-label", text: T("marker_supply") }), G.el("b", { text: String(view.markers_supply) })));
    const ew = drawing.east_west;
    const awards = ew.awards.map((pts, i) => {
      const who = view.east_west[i];
      const chip = G.el("span", { class: "hb-award" + (who ? " won" : ""), text: String(pts), title: who ? roleName(who) : null });
      if (who) chip.style.setProperty("--seat", COLOURS[who]);
      return chip;
    });
    box.appendChild(G.el("div", { class: "hb-stat east-west", title: T("east_west_tip", { a: N("city", ew.cities[0]), b: N("city", ew.cities[1]) }) },
      G.el("span", { class: "hb-stat-label", text: T("east_west") }), G.el("span", { class: "hb-cells" }, awards)));
    if (view.permits_used.length) {
      box.appendChild(G.el("div", { class: "hb-stat permits" }, G.el("span", { class: "hb-stat-label", text: T("permits_used") }),
        G.el("span", { text: view.permits_used.map((c) => N("city", c)).join(T("comma")) })));
    }
  }

  /* What the step being decided is about; the displaced victim is asked in its colour. */
  function doingText(view) {
    const d = view.doing;
    if (!d) return "";
    const you = d.role === view.role;
    const who = roleName(d.role);
    const route = d.route ? N("route", d.route) : "";
    if (d.step === "relocate" && d.victim && d.victim !== d.role) return T(you ? "doing.neutral_relocate_you" : "doing.neutral_relocate", { role: who, route });
    if (d.step === "relocate" && d.countries.length) return T(you ? "doing.place_two_you" : "doing.place_two", { role: who, count: d.extras });
    if (d.step === "relocate" && d.pieces.length) return T(you ? "doing.displaced_you" : "doing.displaced", { role: who, piece: N("piece", d.pieces[0]), route });
    if (d.step === "relocate") return T(you ? "doing.extras_you" : "doing.extras", { role: who, count: d.extras, route });
    if (d.step === "move") {
      const picked = d.picked.map((p) => pieceWords(p)).join(T("comma"));
      if (d.dropping) return T(you ? "doing.drop_you" : "doing.drop", { role: who, pieces: picked });
      return T(you ? "doing.pick_you" : "doing.pick", { role: who, count: d.limit - d.picked.length, pieces: picked || "—" });
    }
    if (d.step === "create_route") return T(you ? "doing.create_you" : "doing.create", { role: who, route });
    if (d.step === "neutral_route") return T(you ? "doing.neutral_route_you" : "doing.neutral_route", { role: who, route });
    if (d.step === "pay") return T(you ? "doing.pay_you" : "doing.pay", { role: who, count: d.count });
    if (d.step === "income") return T(you ? "doing.income_you" : "doing.income", { role: who, count: d.count });
    return "";
  }

  function drawDoing(root, view) {
    const line = root.querySelector(".hb-doing");
    const text = doingText(view);
    const d = view.doing;
    line.textContent = text;
    line.hidden = !text;
    line.className = "hb-doing" + (d ? " step-" + d.step + (d.role === view.role ? " you" : "") : "");
    line.style.setProperty("--seat", d ? COLOURS[d.role] || "#777" : "#777");
  }

  /* Both shapes may go on the spaces offered: the player picks which a click uses. */
  function drawChooser(root, view) {
    const box = G.clear(root.querySelector(".hb-shape"));
    const a = view.actions || {};
    const both = (a.place_trader && a.place_merchant) || (a.displace_trader && a.displace_merchant) || (a.annex_trader && a.annex_merchant);
    box.hidden = !both;
    if (!both) return;
    box.appendChild(G.el("span", { class: "hb-pool-label", text: T("shape_label") }));
    for (const p of ["trader", "merchant"]) {
      box.appendChild(G.el("button", { type: "button", class: "hb-shape-btn" + (shape === p ? " on" : ""), "data-shape": p, "aria-pressed": shape === p ? "true" : "false",
        onclick: () => { shape = p; if (last) G.renderBoard(last.root, last.view, last.ui); } }, shapeMark(p), " " + N("piece", p)));
    }
  }

  /* The choices of the board's spaces (and routes) as a list too, a route's in a group:
     a phone, a keyboard and a screen reader choose from it as well as on the map. */
  const LISTED = ["place_trader", "place_merchant", "displace_trader", "displace_merchant", "lift", "route"];
  function drawList(root, view, ui) {
    const box = G.clear(root.querySelector(".hb-list"));
    const a = view.actions || {};
    const choices = [];
    for (const type of LISTED) for (const arg of a[type] || []) choices.push([type, arg]);
    box.hidden = !choices.length || !ui || ui.replay;
    if (box.hidden) return;
    const select = G.el("select", { class: "hb-choices" }, G.el("option", { value: "", text: T("list_choose", { count: choices.length }) }));
    const groups = new Map();
    choices.forEach(([type, arg], index) => {
      const route = type === "route" ? String(arg) : spaceRoute(Number(arg));
      if (!groups.has(route)) {
        const group = G.el("optgroup", { label: route ? N("route", route) : "" });
        groups.set(route, group);
        select.appendChild(group);
      }
      let text = label(type, arg) || type + " " + arg;
      if (type !== "route" && route) text += " · " + T("space_n", { n: Number(arg) - view.routes[route].first_space + 1 });
      groups.get(route).appendChild(G.el("option", { value: String(index), text }));
    });
    select.addEventListener("change", () => {
      const picked = choices[Number(select.value)];
      if (select.value !== "" && picked) ui.act(picked[0], picked[1]);
    });
    box.appendChild(G.el("label", { class: "hb-list-label" }, G.el("span", { text: T("list_label") }), select));
  }

  /* --- the buttons' words ---------------------------------------------------------------- */
  function spaceRoute(sp) {
    const view = current;
    if (!view) return null;
    for (const [id, r] of Object.entries(view.routes)) if (sp >= r.first_space && sp < r.first_space + r.spaces.length) return id;
    return null;
  }

  function label(type, arg) {
    if (["place_trader", "place_merchant", "displace_trader", "displace_merchant", "lift"].includes(type)) {
      const route = spaceRoute(Number(arg));
      return route ? T("action." + type, { route: N("route", route) }) : null;
    }
    if (type === "create" || type === "route") return T("action." + type, { route: N("route", arg) });
    if (type === "office" || type === "annex" || type === "annex_trader" || type === "annex_merchant") return T("action." + type, { city: N("city", arg) });
    if (type === "ability") return T("action.ability", { ability: N("ability", arg) });
    if (type === "marker") return T("action.marker", { marker: N("marker", arg) });
    if (type === "swap") return T("action.swap", { city: N("city", String(arg).split(":")[0]) });
    if (type === "prestige") {
      const sp = drawing && drawing.cities.plymouth && drawing.cities.plymouth.special ? drawing.cities.plymouth.special[arg] : null;
      return T("action.prestige", { points: sp ? sp.points : arg });
    }
    if (arg === null || arg === undefined) return Tor("action." + type, null);
    return null;
  }

  function render(root, view, ui) {
    const hb = root.querySelector(".hb");
    current = view;
    last = { root, view, ui };
    const side = view.side || "4-5";
    if (!(side in drawings)) {
      loadDrawing(root, side).then(() => { if (last) G.renderBoard(last.root, last.view, last.ui); });
      return;
    }
    drawing = drawings[side];
    const none = hb.querySelector(".hb-no-drawing");
    none.hidden = !!drawing;
    hb.classList.toggle("undrawn", !drawing);
    if (!drawing) return; // a side with no drawing yet: the buttons still play it
    drawStatus(hb, view);
    drawDoing(hb, view);
    drawMap(hb.querySelector(".hb-map"), view);
    drawChooser(hb, view);
    drawList(hb, view, ui);
    const desks = G.clear(hb.querySelector(".hb-desks"));
    for (const d of view.desks) desks.appendChild(deskEl(d, view));
    if (view.neutral) desks.appendChild(neutralEl(view.neutral));
    hb.classList.toggle("relocating", !!view.doing && view.doing.step === "relocate");
    const page = G.pageData();
    if (G.zoomable) G.zoomable(hb.querySelector(".hb-map-wrap"), hb.querySelector(".hb-map-content"), {
      size: () => drawing.size, key: page.match ? page.match + ":" + (ui && ui.replay ? "replay" : "play") : null,
      focus: () => focusPoint(current), barOutside: true,
    });
  }

  G.registerBoard({
    render,
    label,
    roleColour(role) { return COLOURS[role] || null; },
  });
})();
