/* 三國戰記 Three Kingdoms: the board, drawn from this seat's view (plugins/three_kingdoms/view.py).
 *
 * The 24 spaces sit on a 7×7 ring (their "grid" positions); lands show their owner's colour,
 * swords, toll and the talents guarding them; pawns stand on their space. The middle of the
 * ring holds the lords with their money, the dice and the battle being fought. Lands, rivals,
 * cards and dice carry data-act-type / data-act-arg: what the view lists as legal lights up.
 */
(function () {
  "use strict";
  const G = window.Gameshelf;
  const CARD_TYPES = "talent occupy plan general tax card";
  const PIPS = { 1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[26, 26], [50, 50], [74, 74]],
    4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[26, 26], [74, 26], [50, 50], [26, 74], [74, 74]],
    6: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]] };
  let players = {};
  let cardNames = {};
  let landNames = {};

  const money = (n) => n.toLocaleString("en-US");
  const both = (zh, en) => zh + " " + en;

  function lordTag(p, extra) {
    return G.el("span", { class: "tk-lord-tag " + (extra || ""), style: null, "data-colour": p.colour },
      G.el("span", { class: "tk-dot", "data-hex": p.hex }), G.el("span", { class: "tk-zh", text: p.name }), " ",
      G.el("span", { class: "tk-en", text: p.name_en }));
  }

  function paint(root) { // colours come from the view's data: set through the CSSOM (CSP-safe)
    for (const el of root.querySelectorAll("[data-hex]")) {
      const hex = el.getAttribute("data-hex");
      if (/^#[0-9a-fA-F]{3,8}$/.test(hex)) el.style.setProperty("--c", hex);
    }
  }

  /* --- cards ------------------------------------------------------------------------- */
  function cardEl(c, cls) {
    return G.el("div", { class: "tk-card " + (c.is_lord ? "lord " : "") + (cls || ""), "data-act-type": CARD_TYPES, "data-act-arg": c.id, "data-hex": (players[seatOfLord(c.lord)] || {}).hex || null, title: both(c.name, c.name_en) + " — politics " + c.politics + ", intelligence " + c.intelligence + ", martial " + c.martial },
      G.el("span", { class: "tk-card-zh", text: c.name }),
      G.el("span", { class: "tk-card-en", text: c.name_en }),
      G.el("span", { class: "tk-stats" },
        G.el("span", { class: "tk-stat pol", title: "Politics", text: "政" + c.politics }),
        G.el("span", { class: "tk-stat int", title: "Intelligence", text: "智" + c.intelligence }),
        G.el("span", { class: "tk-stat mar", title: "Martial", text: "武" + c.martial })));
  }

  function seatOfLord(lord) {
    for (const p of Object.values(players)) if (p.lord === lord) return p.seat;
    return null;
  }

  function miniCard(c) {
    return G.el("span", { class: "tk-mini" + (c.is_lord ? " lord" : ""), "data-act-type": CARD_TYPES, "data-act-arg": c.id, title: both(c.name, c.name_en) + " (" + c.politics + "/" + c.intelligence + "/" + c.martial + ")", text: c.name });
  }

  /* --- the ring ----------------------------------------------------------------------- */
  function spaceEl(sp) {
    const [col, row] = sp.grid;
    const cls = ["tk-space", sp.kind, sp.big ? "big" : "", sp.owner ? "owned" : "", sp.city ? "city" : "", sp.capital ? "capital" : ""].join(" ");
    const el = G.el("div", { class: cls, "data-index": sp.index });
    el.style.gridColumn = String(col + 1);
    el.style.gridRow = String(row + 1);
    if (sp.kind === "land") {
      el.setAttribute("data-act-type", "land");
      el.setAttribute("data-act-arg", sp.land);
      if (sp.hex) el.setAttribute("data-hex", sp.hex);
      const owner = sp.owner ? players[sp.owner] : null;
      el.appendChild(G.el("div", { class: "tk-band" },
        G.el("span", { class: "tk-province", text: sp.province + " " + sp.province_en }),
        G.el("span", { class: "tk-tier", title: "Tier " + sp.tier, text: sp.tier })));
      el.appendChild(G.el("div", { class: "tk-land-name" }, G.el("span", { class: "tk-zh", text: sp.name }), G.el("span", { class: "tk-en", text: sp.name_en })));
      const swords = G.el("div", { class: "tk-swords", title: sp.swords + " sword" + (sp.swords === 1 ? "" : "s") + (sp.city ? ": a city" : "") });
      for (let i = 0; i < 4; i++) swords.appendChild(G.el("span", { class: i < sp.swords ? "on" : "off", text: "⚔" }));
      el.appendChild(swords);
      el.appendChild(G.el("div", { class: "tk-toll", title: "Toll by swords: " + sp.tolls.map(money).join(" / ") }, "toll ", G.el("strong", { text: money(sp.toll) })));
      if (sp.talents.length) el.appendChild(G.el("div", { class: "tk-garrison" }, sp.talents.map(miniCard)));
      el.appendChild(G.el("div", { class: "tk-owner", text: owner ? owner.name + " " + owner.name_en : "unclaimed" }));
      if (sp.capital) el.appendChild(G.el("span", { class: "tk-capital", title: "Capital", text: "★" }));
    } else {
      el.appendChild(G.el("div", { class: "tk-fate" }, G.el("span", { class: "tk-fate-zh", text: sp.name }), G.el("span", { class: "tk-fate-en", text: sp.name_en || "Fate" })));
    }
    if (sp.pawns.length) {
      el.appendChild(G.el("div", { class: "tk-pawns" }, sp.pawns.map((seat) => {
        const p = players[seat];
        return G.el("span", { class: "tk-pawn", "data-hex": p.hex, title: both(p.name, p.name_en), text: p.name.slice(0, 1) });
      })));
    }
    return el;
  }

  function drawRing(ring, view) {
    for (const old of ring.querySelectorAll(".tk-space")) old.remove();
    for (const sp of view.spaces) ring.appendChild(spaceEl(sp));
  }

  /* --- the centre: round, dice, lords, the fight ------------------------------------------ */
  function dieSvg(n, cls) {
    const svg = G.svg("svg", { viewBox: "0 0 100 100", class: "tk-die " + (cls || "") });
    svg.appendChild(G.svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 18 }));
    for (const [x, y] of PIPS[n] || []) svg.appendChild(G.svg("circle", { cx: x, cy: y, r: 9 }));
    return svg;
  }

  function drawCentre(root, view) {
    const turn = players[view.turn];
    G.clear(root.querySelector(".tk-round")).append(
      G.el("span", { text: "Round " + view.round + (view.round_limit ? " of " + view.round_limit : "") }),
      turn ? G.el("span", {}, " · turn of ", lordTag(turn)) : "");
    const dice = G.clear(root.querySelector(".tk-dice"));
    const legalDice = (view.actions.dice || []);
    if (legalDice.length) {
      for (const n of legalDice) {
        dice.appendChild(G.el("div", { class: "tk-roll", "data-act-type": "dice", "data-act-arg": String(n), title: n === 1 ? "Roll one die" : "Roll two dice" },
          ...Array.from({ length: n }, () => dieSvg(6, "blank")), G.el("span", { text: n === 1 ? "One die" : "Two dice" })));
      }
    } else if (view.dice && view.dice.length) {
      dice.append(...view.dice.map((d) => dieSvg(d)), G.el("span", { class: "tk-dice-total", text: "= " + view.dice.reduce((a, b) => a + b, 0) }));
    }
    const box = G.clear(root.querySelector(".tk-players"));
    for (const seat of view.order && view.order.length ? view.order : Object.keys(players)) {
      const p = players[seat];
      if (!p) continue;
      const isTurn = seat === view.turn;
      box.appendChild(G.el("div", { class: "tk-player" + (isTurn ? " turn" : "") + (seat === view.you ? " you" : ""), "data-hex": p.hex, "data-act-type": "rival", "data-act-arg": seat, title: p.skill + " — " + p.skill_en },
        G.el("div", { class: "tk-player-head" }, G.el("span", { class: "tk-seal", text: p.name.slice(0, 1) }),
          G.el("span", {}, G.el("span", { class: "tk-zh", text: p.name }), " ", G.el("span", { class: "tk-en", text: p.name_en })),
          seat === view.you ? G.el("span", { class: "badge you", text: "you" }) : null),
        G.el("div", { class: "tk-money", text: money(p.money) }),
        G.el("div", { class: "tk-counts", text: p.lands.length + " lands · " + p.hand_size + " in hand" + (p.down_size ? " · " + p.down_size + " down" : "") })));
    }
    drawEvent(root.querySelector(".tk-event"), view);
  }

  function drawEvent(box, view) {
    G.clear(box);
    if (view.strategy) {
      const s = view.strategy;
      box.appendChild(G.el("div", { class: "tk-strategy" }, G.el("h4", {}, G.el("span", { class: "tk-zh", text: s.name }), " ", s.name_en),
        G.el("p", { text: s.text_en || s.text }), G.el("p", { class: "muted", text: "Needs intelligence " + s.requirement })));
    }
    if (view.battle) {
      const b = view.battle;
      const att = players[b.attacker];
      const def = players[b.defender];
      const fight = G.el("div", { class: "tk-fight" }, G.el("h4", { text: "Siege of " + (landNames[b.land] || b.land) }),
        G.el("p", {}, att ? lordTag(att) : "", " attacks ", def ? lordTag(def) : ""));
      if (b.plan.length) fight.appendChild(G.el("div", { class: "tk-plan" }, G.el("span", { class: "muted", text: "Battle plan: " }), b.plan.map(miniCard)));
      if (b.chosen.length) fight.appendChild(G.el("p", { class: "muted", text: "Generals chosen by " + b.chosen.map((s) => players[s] ? players[s].name_en : s).join(", ") }));
      if (b.my_general) fight.appendChild(G.el("div", {}, G.el("span", { class: "muted", text: "Your general: " }), miniCard(b.my_general)));
      box.appendChild(fight);
    }
    if (view.field) {
      const f = view.field;
      const fight = G.el("div", { class: "tk-fight" }, G.el("h4", { text: "Field battle" }),
        G.el("p", {}, players[f.attacker] ? lordTag(players[f.attacker]) : "", " against ", players[f.foe] ? lordTag(players[f.foe]) : ""));
      if (f.my_card) fight.appendChild(G.el("div", {}, G.el("span", { class: "muted", text: "Your card: " }), miniCard(f.my_card)));
      box.appendChild(fight);
    }
  }

  function drawHand(root, view) {
    const me = view.you ? players[view.you] : null;
    const area = root.querySelector(".tk-hand-area");
    area.hidden = !me;
    if (!me) return;
    const hand = G.clear(root.querySelector(".tk-hand"));
    const cards = (me.drawn && me.drawn.length ? me.drawn : []).concat(me.hand || []);
    for (const c of cards) hand.appendChild(cardEl(c));
    if (!cards.length) hand.appendChild(G.el("p", { class: "muted", text: "Your hand is empty." }));
    const down = G.clear(root.querySelector(".tk-down"));
    root.querySelector(".tk-down-block").hidden = !(me.down && me.down.length);
    for (const c of me.down || []) down.appendChild(cardEl(c, "down"));
  }

  /* --- the ring fits the screen (board_frame.js), a fight comes into view ------------------ */
  const NARROWEST = 640; // px: below this the ring is drawn at this width and scaled down
  let zoom = null;
  let lastFight = null;

  function fitRing(tk, view) {
    if (!G.zoomable) return;
    const frame = tk.querySelector(".tk-ring-frame");
    const content = tk.querySelector(".tk-ring-content");
    const page = G.pageData();
    zoom = G.zoomable(frame, content, {
      key: page.match ? page.match + ":ring" : null,
      barOutside: true,
      size() {
        const w = Math.max(NARROWEST, frame.clientWidth);
        content.style.width = w + "px";
        return [w, tk.querySelector(".tk-ring").offsetHeight];
      },
    });
    const fight = view.battle ? "battle:" + view.battle.land : view.field ? "field" : view.strategy ? "strategy" : null;
    if (fight && fight !== lastFight) {
      const centre = tk.querySelector(".tk-centre");
      zoom.show(centre.offsetLeft, centre.offsetTop, centre.offsetWidth, centre.offsetHeight);
    }
    lastFight = fight;
  }

  /* --- labels ------------------------------------------------------------------------- */
  const LABEL = {
    occupy: (a) => "Occupy with " + cardNames[a], plan: (a) => "Plan: " + cardNames[a],
    general: (a) => "General: " + cardNames[a], tax: (a) => (a ? "Tax with " + cardNames[a] : "Collect tax"),
    card: (a) => cardNames[a], talent: (a) => cardNames[a], land: (a) => landNames[a],
    rival: (a) => (players[a] ? players[a].name + " " + players[a].name_en : a),
    dice: (a) => (a === 1 ? "Roll one die" : "Roll two dice"),
    deploy: () => "Deploy talents", train: () => "Train (+1 sword)", advise: () => "Seek advice (天機)",
    extra_sword: () => "Add a sword", pay: () => "Pay", pass: () => "Pass", done: () => "Done",
  };

  G.registerBoard({
    render(root, view) {
      const tk = root.querySelector(".tk");
      players = {};
      cardNames = {};
      landNames = {};
      for (const p of view.players) players[p.seat] = p;
      const learn = (c) => { cardNames[c.id] = c.name + " " + c.name_en; };
      for (const p of view.players) [p.hand, p.down, p.drawn].forEach((l) => (l || []).forEach(learn));
      for (const sp of view.spaces) {
        if (sp.land) { landNames[sp.land] = sp.name + " " + sp.name_en; (sp.talents || []).forEach(learn); }
      }
      if (view.battle) { view.battle.plan.forEach(learn); if (view.battle.my_general) learn(view.battle.my_general); }
      if (view.field && view.field.my_card) learn(view.field.my_card);
      drawRing(tk.querySelector(".tk-ring"), view);
      drawCentre(tk, view);
      drawHand(tk, view);
      paint(tk);
      fitRing(tk, view);
    },
    roleName(role, view) {
      const p = (view.players || []).find((x) => x.seat === role);
      return p ? p.name + " " + p.name_en : null;
    },
    label(type, arg) {
      const f = LABEL[type];
      const said = f ? f(arg) : null;
      return said && !said.includes("undefined") ? said : null;
    },
  });
})();
