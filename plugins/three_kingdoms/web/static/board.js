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

  /* Words from the game's catalog (three_kingdoms.board.*). Names are Chinese first: a
   * Chinese reader sees them alone, an English one sees the Chinese and the English. */
  const T = (id, params) => G.t("three_kingdoms.board." + id, params);
  const ZH = () => G.lang() === "zh_TW";
  const money = (n) => n.toLocaleString("en-US");
  const both = (zh, en) => (ZH() || !en ? zh : zh + " " + en);
  const zhSpan = (cls, text) => G.el("span", { class: cls, lang: "zh-Hant", text });
  /* A name as two spans (the English one left out for a Chinese reader). */
  const named = (zhCls, enCls, zh, en) => (ZH() || !en ? [zhSpan(zhCls, zh)] : [zhSpan(zhCls, zh), " ", G.el("span", { class: enCls, text: en })]);

  function lordTag(p, extra) {
    return G.el("span", { class: "tk-lord-tag " + (extra || ""), style: null, "data-colour": p.colour },
      G.el("span", { class: "tk-dot", "data-hex": p.hex }), ...named("tk-zh", "tk-en", p.name, p.name_en));
  }

  function paint(root) { // colours come from the view's data: set through the CSSOM (CSP-safe)
    for (const el of root.querySelectorAll("[data-hex]")) {
      const hex = el.getAttribute("data-hex");
      if (!/^#[0-9a-fA-F]{6}$/.test(hex)) continue;
      el.style.setProperty("--c", hex);
      el.style.setProperty("--c-ink", ink(hex));
    }
  }
  /* Black or white on a lord's colour, whichever reads better (WCAG contrast): yellow
     takes black, purple white. */
  function ink(hex) {
    const lin = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    const lum = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
    return lum > 0.179 ? "#000" : "#fff";
  }

  /* --- cards ------------------------------------------------------------------------- */
  function cardEl(c, cls) {
    return G.el("div", { class: "tk-card " + (c.is_lord ? "lord " : "") + (cls || ""), "data-act-type": CARD_TYPES, "data-act-arg": c.id, "data-hex": (players[seatOfLord(c.lord)] || {}).hex || null, title: T("card_tip", { card: both(c.name, c.name_en), politics: c.politics, intelligence: c.intelligence, martial: c.martial }) },
      zhSpan("tk-card-zh", c.name),
      ZH() ? null : G.el("span", { class: "tk-card-en", text: c.name_en }),
      G.el("span", { class: "tk-stats", lang: "zh-Hant" },
        G.el("span", { class: "tk-stat pol", title: T("politics"), text: "政" + c.politics }),
        G.el("span", { class: "tk-stat int", title: T("intelligence"), text: "智" + c.intelligence }),
        G.el("span", { class: "tk-stat mar", title: T("martial"), text: "武" + c.martial })));
  }

  function seatOfLord(lord) {
    for (const p of Object.values(players)) if (p.lord === lord) return p.seat;
    return null;
  }

  function miniCard(c) {
    return G.el("span", { class: "tk-mini" + (c.is_lord ? " lord" : ""), "data-act-type": CARD_TYPES, "data-act-arg": c.id, lang: "zh-Hant", title: T("mini_tip", { card: both(c.name, c.name_en), stats: c.politics + "/" + c.intelligence + "/" + c.martial }), text: c.name });
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
        G.el("span", { class: "tk-province", lang: ZH() ? "zh-Hant" : null, text: both(sp.province, sp.province_en) }),
        G.el("span", { class: "tk-tier", title: T("tier", { tier: sp.tier }), text: sp.tier })));
      el.appendChild(G.el("div", { class: "tk-land-name" }, ...named("tk-zh", "tk-en", sp.name, sp.name_en).filter((x) => x !== " ")));
      const swords = G.el("div", { class: "tk-swords", title: T(sp.city ? "swords_city" : "swords", { count: sp.swords }) });
      for (let i = 0; i < 4; i++) swords.appendChild(G.el("span", { class: i < sp.swords ? "on" : "off", text: "⚔" }));
      el.appendChild(swords);
      el.appendChild(G.el("div", { class: "tk-toll", title: T("toll_tip", { tolls: sp.tolls.map(money).join(" / ") }) }, T("toll") + " ", G.el("strong", { text: money(sp.toll) })));
      if (sp.talents.length) el.appendChild(G.el("div", { class: "tk-garrison" }, sp.talents.map(miniCard)));
      el.appendChild(G.el("div", { class: "tk-owner", lang: owner && ZH() ? "zh-Hant" : null, text: owner ? both(owner.name, owner.name_en) : T("unclaimed") }));
      if (sp.capital) el.appendChild(G.el("span", { class: "tk-capital", title: T("capital"), text: "★" }));
    } else {
      el.appendChild(G.el("div", { class: "tk-fate" }, zhSpan("tk-fate-zh", sp.name), ZH() ? null : G.el("span", { class: "tk-fate-en", text: sp.name_en || T("fate") })));
    }
    if (sp.pawns.length) {
      el.appendChild(G.el("div", { class: "tk-pawns" }, sp.pawns.map((seat) => {
        const p = players[seat];
        return G.el("span", { class: "tk-pawn", "data-hex": p.hex, lang: "zh-Hant", title: both(p.name, p.name_en), text: p.name.slice(0, 1) });
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
      G.el("span", { text: view.round_limit ? T("round_of", { round: view.round, rounds: view.round_limit }) : T("round", { round: view.round }) }),
      turn ? G.el("span", {}, " · " + T("turn_of") + " ", lordTag(turn)) : "");
    const dice = G.clear(root.querySelector(".tk-dice"));
    const legalDice = (view.actions.dice || []);
    if (legalDice.length) {
      for (const n of legalDice) {
        dice.appendChild(G.el("div", { class: "tk-roll", "data-act-type": "dice", "data-act-arg": String(n), title: T("roll_dice", { count: n }) },
          ...Array.from({ length: n }, () => dieSvg(6, "blank")), G.el("span", { text: T("dice", { count: n }) })));
      }
    } else if (view.dice && view.dice.length) {
      dice.append(...view.dice.map((d) => dieSvg(d)), G.el("span", { class: "tk-dice-total", text: "= " + view.dice.reduce((a, b) => a + b, 0) }));
    }
    const box = G.clear(root.querySelector(".tk-players"));
    for (const seat of view.order && view.order.length ? view.order : Object.keys(players)) {
      const p = players[seat];
      if (!p) continue;
      const isTurn = seat === view.turn;
      box.appendChild(G.el("div", { class: "tk-player" + (isTurn ? " turn" : "") + (seat === view.you ? " you" : ""), "data-hex": p.hex, "data-act-type": "rival", "data-act-arg": seat, title: both(p.skill, p.skill_en) },
        G.el("div", { class: "tk-player-head" }, G.el("span", { class: "tk-seal", lang: "zh-Hant", text: p.name.slice(0, 1) }),
          G.el("span", {}, ...named("tk-zh", "tk-en", p.name, p.name_en)),
          seat === view.you ? G.el("span", { class: "badge you", text: G.t("js.you") }) : null),
        G.el("div", { class: "tk-money", text: money(p.money) }),
        G.el("div", { class: "tk-counts", text: [T("lands", { count: p.lands.length }), T("in_hand", { count: p.hand_size })].concat(p.down_size ? [T("down", { count: p.down_size })] : []).join(" · ") })));
    }
    drawEvent(root.querySelector(".tk-event"), view);
  }

  function drawEvent(box, view) {
    G.clear(box);
    if (view.strategy) {
      const s = view.strategy;
      box.appendChild(G.el("div", { class: "tk-strategy" }, G.el("h4", {}, ...named("tk-zh", "tk-en", s.name, s.name_en)),
        G.el("p", { lang: ZH() ? "zh-Hant" : null, text: ZH() ? s.text || s.text_en : s.text_en || s.text }), G.el("p", { class: "muted", text: T("needs_intelligence", { value: s.requirement }) })));
    }
    if (view.battle) {
      const b = view.battle;
      const att = players[b.attacker];
      const def = players[b.defender];
      const fight = G.el("div", { class: "tk-fight" }, G.el("h4", { text: T("siege_of", { land: landNames[b.land] || b.land }) }),
        G.el("p", {}, att ? lordTag(att) : "", " " + T("attacks") + " ", def ? lordTag(def) : ""));
      if (b.plan.length) fight.appendChild(G.el("div", { class: "tk-plan" }, G.el("span", { class: "muted", text: T("battle_plan") + " " }), b.plan.map(miniCard)));
      if (b.chosen.length) fight.appendChild(G.el("p", { class: "muted", text: T("generals_chosen_by", { lords: b.chosen.map((s) => players[s] ? both(players[s].name, players[s].name_en) : s).join(G.t("js.comma")) }) }));
      if (b.my_general) fight.appendChild(G.el("div", {}, G.el("span", { class: "muted", text: T("your_general") + " " }), miniCard(b.my_general)));
      box.appendChild(fight);
    }
    if (view.field) {
      const f = view.field;
      const fight = G.el("div", { class: "tk-fight" }, G.el("h4", { text: T("field_battle") }),
        G.el("p", {}, players[f.attacker] ? lordTag(players[f.attacker]) : "", " " + T("against") + " ", players[f.foe] ? lordTag(players[f.foe]) : ""));
      if (f.my_card) fight.appendChild(G.el("div", {}, G.el("span", { class: "muted", text: T("your_card") + " " }), miniCard(f.my_card)));
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
    if (!cards.length) hand.appendChild(G.el("p", { class: "muted", text: T("hand_empty") }));
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
  const withCard = (id) => (a) => (cardNames[a] ? T(id, { card: cardNames[a] }) : undefined);
  const LABEL = {
    occupy: withCard("occupy_with"), plan: withCard("plan_with"), general: withCard("general_with"),
    tax: (a) => (a ? withCard("tax_with")(a) : T("action.tax")),
    card: (a) => cardNames[a], talent: (a) => cardNames[a], land: (a) => landNames[a],
    rival: (a) => (players[a] ? both(players[a].name, players[a].name_en) : a),
    dice: (a) => T("roll_dice", { count: a }),
    deploy: () => T("action.deploy"), train: () => T("action.train"), advise: () => T("action.advise"),
    extra_sword: () => T("action.extra_sword"), pay: () => T("action.pay"), pass: () => T("action.pass"), done: () => T("action.done"),
  };

  G.registerBoard({
    render(root, view) {
      const tk = root.querySelector(".tk");
      players = {};
      cardNames = {};
      landNames = {};
      for (const p of view.players) players[p.seat] = p;
      const learn = (c) => { cardNames[c.id] = both(c.name, c.name_en); };
      for (const p of view.players) [p.hand, p.down, p.drawn].forEach((l) => (l || []).forEach(learn));
      for (const sp of view.spaces) {
        if (sp.land) { landNames[sp.land] = both(sp.name, sp.name_en); (sp.talents || []).forEach(learn); }
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
      return p ? both(p.name, p.name_en) : null;
    },
    label(type, arg) {
      const f = LABEL[type];
      const said = f ? f(arg) : null;
      return said && !said.includes("undefined") ? said : null;
    },
  });
})();
