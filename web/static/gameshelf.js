/* Gameshelf: what every page shares. Plain JavaScript, no build step.
 *
 * A game's board script calls Gameshelf.registerBoard({render, label}):
 *   render(root, view, ui)  draws the view into root (the #board element);
 *                           elements carrying data-act-type / data-act-arg become
 *                           highlighted and clickable when that action is legal
 *                           (data-act-type may list several types, first legal wins).
 *   label(type, arg, view)  optional: the words of an action's button.
 *   roleName(role, view)    optional: what a seat is called ("Cao Cao" for "p2").
 *   roleColour(role, view)  optional: a seat's colour (CSS), for its lines in the log.
 * ui = {role, payload, act(type, arg), legal(type, arg), replay}. The board never decides
 * what is legal: it shows what the server's view says.
 */
(function () {
  "use strict";
  const G = (window.Gameshelf = {});
  let board = null;

  /* The page's strings in the reader's language, from the catalogs (web/locale: messages
   * js.*; a game's board: <game>.board.* of the game's catalog), inlined by the server as
   * JSON (web/i18n.py). G.t(id, {name: value}) fills the {name} placeholders; a plural
   * message is chosen by params.count (the server sends its forms by CLDR category).
   * G.name(kind, id, fallback) is a thing's name (area, block, card, lord…) in the reader's
   * language, from the game's names (its names.py). */
  let strings = null;
  let names = null;
  function readJson(id) {
    const el = document.getElementById(id);
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  }
  function fill(text, params) {
    return String(text).replace(/\{(\w+)\}/g, (all, key) => (params && key in params ? String(params[key]) : all));
  }
  let plurals = null;
  G.t = function (id, params) {
    if (strings === null) strings = readJson("i18n-strings");
    let text = strings[id];
    if (text && typeof text === "object") {
      plurals = plurals || new Intl.PluralRules(document.documentElement.lang || "en");
      const n = params && typeof params.count === "number" ? params.count : 0;
      text = text[plurals.select(n)] || text.other || Object.values(text)[0];
    }
    return text === undefined ? id : fill(text, params);
  };
  /* A view may name a thing in English only ("Edward I", a noble's "Comyn"): its words are
   * looked up first among the English names of that kind, then the id is. */
  G.name = function (kind, id, shown) {
    if (names === null) names = readJson("i18n-names");
    const of = (names.names || {})[kind] || {};
    const byWords = shown !== undefined && shown !== null ? ((names.ids || {})[kind] || {})[shown] : undefined;
    if (byWords !== undefined && of[byWords]) return of[byWords];
    return of[id] || (shown !== undefined && shown !== null ? String(shown) : String(id));
  };
  G.lang = function () { return document.documentElement.lang === "zh-Hant-TW" ? "zh_TW" : "en"; };
  /* A run of Chinese in a page of either language carries lang="zh-Hant" (font, reading). */
  G.zh = function (text) { return G.el("span", { lang: "zh-Hant", text }); };

  /* The language switch in the header: remembered in a cookie for a year, then the page
   * is asked again (the server renders pages and views in that language). */
  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest(".lang-switch a[data-lang]");
    if (!link) return;
    event.preventDefault();
    document.cookie = "lang=" + link.dataset.lang + "; path=/; max-age=31536000; samesite=lax";
    location.reload();
  });

  /* "Sign out" in the header: the session ends on the server, then the lobby. */
  document.addEventListener("click", async function (event) {
    const button = event.target.closest && event.target.closest(".sign-out");
    if (!button) return;
    await G.api("DELETE", "/api/session");
    location.href = "/";
  });

  G.registerBoard = function (b) { board = b; };
  G.board = function () { return board; };

  /* --- building elements (text always through textContent: names stay text) --- */
  function build(doc, tag, attrs, children) {
    const el = doc;
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") el.textContent = String(v);
      else if (k === "class") el.setAttribute("class", v);
      else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      el.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    }
    return el;
  }
  G.el = function (tag, attrs, ...children) {
    return build(document.createElement(tag), tag, attrs, children);
  };
  const SVGNS = "http://www.w3.org/2000/svg";
  G.svg = function (tag, attrs, ...children) {
    return build(document.createElementNS(SVGNS, tag), tag, attrs, children);
  };
  G.clear = function (el) { while (el.firstChild) el.removeChild(el.firstChild); return el; };

  G.pageData = function () {
    const node = document.getElementById("page-data");
    return node ? JSON.parse(node.textContent) : {};
  };

  /* --- words --- */
  G.words = function (id) {
    return String(id).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
  };
  /* An action's words: the board's, else the catalog's js.action.<type> ("Pass"), with the
   * argument named as a thing of the game (else as its id). */
  G.label = function (type, arg, view) {
    if (board && board.label) {
      const said = board.label(type, arg, view);
      if (said) return said;
    }
    const id = "js.action." + type;
    const verb = G.t(id) === id ? G.words(type) : G.t(id);
    if (arg === null || arg === undefined) return verb;
    return G.t("js.action_with", { action: verb, arg: typeof arg === "string" ? G.name(type, arg, G.words(arg)) : String(arg) });
  };
  G.roleName = function (role, view) {
    const said = board && board.roleName && view ? board.roleName(role, view) : null;
    return said || G.name("role", role, G.words(role));
  };
  /* "Ann (Scotland)" for a person; "Scotland (bot: random moves)" for a bot: the side first. */
  G.seatName = function (seats, role, view) {
    const s = (seats || []).find((x) => x.role === role);
    const side = G.roleName(role, view);
    if (s && s.kind === "bot") return s.name ? G.t("js.seat_bot_named", { side, bot: G.botName(s) }) : G.t("js.seat_bot", { side });
    return s && s.name ? G.t("js.seat_person", { name: s.name, side }) : side;
  };
  /* A bot's name in the reader's language (js.bot.<id>), else as the server gives it. */
  G.botName = function (seat) {
    const id = "js.bot." + (seat.agent || "");
    return seat.agent && G.t(id) !== id ? G.t(id) : String(seat.name || "").toLowerCase();
  };
  G.sentence = function (text) { return /[.!?。！？]$/.test(text) ? text : text + G.t("js.full_stop"); };
  G.outcomeText = function (outcome, seats, view) {
    if (!outcome) return "";
    const who = outcome.winners.map((r) => G.seatName(seats, r, view));
    const joined = who.length > 1 ? G.t("js.and_list", { first: who.slice(0, -1).join(G.t("js.comma")), last: who[who.length - 1] }) : who[0];
    const head = who.length ? G.t(who.length > 1 ? "js.win_many" : "js.win_one", { who: joined }) : outcome.reason === "abandoned" ? G.t("js.abandoned") : G.t("js.draw");
    if (outcome.text) return G.sentence(G.t("js.outcome_text", { head, text: outcome.text }));
    if (outcome.reason) {
      const id = "js.reason." + outcome.reason;
      return G.sentence(G.t("js.outcome_reason", { head, reason: G.t(id) === id ? G.words(outcome.reason) : G.t(id) }));
    }
    return G.sentence(head);
  };

  /* --- seats held in this browser: one cookie per seat, never shown to anyone --- */
  function cookieName(match, role) { return "gs_" + match + "_" + encodeURIComponent(role); }
  G.seatsHeld = function (match) {
    const held = {};
    const prefix = "gs_" + match + "_";
    for (const part of document.cookie.split(";")) {
      const [k, ...v] = part.trim().split("=");
      if (k && k.startsWith(prefix)) held[decodeURIComponent(k.slice(prefix.length))] = v.join("=");
    }
    return held;
  };
  G.holdSeat = function (match, role, token) {
    const secure = location.protocol === "https:" ? "; secure" : "";
    document.cookie = cookieName(match, role) + "=" + token + "; path=/; max-age=31536000; samesite=strict" + secure;
  };
  G.dropSeat = function (match, role) {
    document.cookie = cookieName(match, role) + "=; path=/; max-age=0; samesite=strict";
  };
  G.matchesHeld = function () {
    const ids = new Set();
    for (const part of document.cookie.split(";")) {
      const m = /^gs_([0-9a-f]+)_/.exec(part.trim());
      if (m) ids.add(m[1]);
    }
    return ids;
  };

  /* --- the API --- */
  /* A request in the page's language (?lang=, which the server reads first), as the live
   * connection's: a page opened by a language link, with no cookie saying so, reads its log,
   * prompt and refusals in that language too, not in the browser's. */
  function inPageLang(path) {
    const url = new URL(path, location.origin);
    if (!url.searchParams.has("lang")) url.searchParams.set("lang", G.lang());
    return url.pathname + url.search;
  }
  G.api = async function (method, path, body, token) {
    const headers = { Accept: "application/json" };
    if (body !== undefined && body !== null) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = "Bearer " + token;
    const res = await fetch(inPageLang(path), {
      method, headers, body: body === undefined || body === null ? undefined : JSON.stringify(body),
      credentials: "same-origin", cache: "no-store",
    });
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    return { status: res.status, data, headers: res.headers };
  };
  G.reason = function (reply) {
    const d = reply.data && reply.data.detail;
    if (d && typeof d === "object" && d.reason) return d.reason;
    return G.t("js.server_refused", { status: reply.status });
  };
  G.sleep = function (ms) { return new Promise((r) => setTimeout(r, ms)); };

  /* --- shared pieces of the match and replay pages --- */
  /* seenAs: a replay's seat whose view is shown ("seen as", never "you": the reader is no
     seat of it). */
  G.renderSeats = function (ul, payload, me, seenAs) {
    G.clear(ul);
    const active = (!payload.outcome && payload.view && payload.view.active) || [];
    for (const s of payload.seats || []) {
      const li = G.el("li", { class: "seat" + (active.includes(s.role) ? " to-play" : "") + (s.role === me ? " me" : ""), "data-role": s.role },
        G.el("span", { class: "seat-role role-" + s.role, text: G.roleName(s.role, payload.view) }),
        G.el("span", { class: "seat-player", text: s.kind === "open" ? G.t("js.open_seat") : s.kind === "bot" ? G.botName(s) : s.name || (s.account ? G.t("js.deleted_player") : "") }),
        s.kind === "bot" ? G.el("span", { class: "badge", text: G.t("js.bot") }) : null,
        s.kind === "bot" && s.thought_ms != null ? G.el("span", { class: "thought", text: G.t("js.thought", { seconds: (s.thought_ms / 1000).toFixed(1) }) }) : null,
        s.role === me ? G.el("span", { class: "badge you", text: G.t("js.you") }) : null,
        seenAs && s.role === seenAs ? G.el("span", { class: "badge seen", text: G.t("js.seen_as") }) : null,
        (payload.resigned || []).includes(s.role) ? G.el("span", { class: "badge resigned", text: G.t("js.resigned") }) : null,
        active.includes(s.role) ? G.el("span", { class: "turn", text: G.t("js.to_play") }) : null,
        G.clockOf(payload, s.role));
      ul.appendChild(li);
    }
    G.tickClocks();
  };
  /* Clocks (issue 30): payload.clocks.seats[role] = {bank, since, out}; a running clock
     (since set) counts down from bank seconds at the server's epoch second since. The
     page's data says the server's time when it was made: the browser's own clock is
     corrected by the difference. */
  let clockSkew = null;
  G.clockOf = function (payload, role) {
    const clocks = payload.clocks;
    const c = clocks && clocks.seats ? clocks.seats[role] : null;
    if (!c) return null;
    const span = G.el("span", { class: "clock" + (c.since != null ? " running" : ""), "data-role": role, title: G.t("js.clock_title") });
    span.dataset.bank = String(c.bank);
    span.dataset.low = String(clocks.low || 0);
    if (c.since != null) span.dataset.since = String(c.since);
    if (c.out) span.dataset.out = "1";
    return span;
  };
  G.clockText = function (seconds) {
    const s = Math.max(0, Math.floor(seconds));
    if (s >= 86400) return G.t("js.clock_days", { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600) });
    const two = (n) => String(n).padStart(2, "0");
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    return (h ? h + ":" + two(m) : String(m)) + ":" + two(s % 60);
  };
  G.tickClocks = function () {
    if (clockSkew === null) {
      const said = G.pageData().now;
      clockSkew = typeof said === "number" ? said - Date.now() / 1000 : 0;
    }
    const now = Date.now() / 1000 + clockSkew;
    for (const span of document.querySelectorAll(".clock[data-bank]")) {
      const bank = Number(span.dataset.bank);
      const left = span.dataset.since ? bank - (now - Number(span.dataset.since)) : bank;
      span.textContent = span.dataset.out ? G.t("js.clock_out") : G.clockText(left);
      span.classList.toggle("low", !span.dataset.out && left <= Number(span.dataset.low));
    }
  };
  setInterval(function () { if (document.querySelector(".clock[data-since]")) G.tickClocks(); }, 1000);
  /* The log.
     - sections ([{line, place}], the match's /chapters): a heading where each year, turn
       or round begins, drawn by CSS from data-section so a line's text stays the line;
     - a line that opens with a seat's name ("Scotland moves…", "曹操 Cao Cao rolls…") has
       that seat's colour: the board's roleColour(role, view), else its place in a palette;
     - folds ([{start, end, open}]): lines start+1 … end-1 hidden under line start, which
       says how many and opens them when clicked (onFold(start) is told);
     - numbers get the room they need. */
  const PALETTE = ["#b03a2e", "#2e5cb8", "#2e8b57", "#b8860b", "#7d3c98"];
  G.roleColour = function (role, view) {
    const said = board && board.roleColour && view ? board.roleColour(role, view) : null;
    if (said) return said;
    const roles = G.pageData().roles || [];
    const i = roles.indexOf(role);
    return i < 0 ? null : PALETTE[i % PALETTE.length];
  };
  function sideOf(line, sides) {
    for (const s of sides) if (line.startsWith(s.name)) return s;
    return null;
  }
  /* start: the number of the first line given (a page holds its log's later lines only;
     earlier ones come from /log as it is scrolled back). */
  G.renderLog = function (ol, lines, sections, view, folds, onFold, start) {
    start = start || 0;
    const wasAtBottom = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 8;
    G.clear(ol);
    const starts = {};
    for (const s of sections || []) starts[s.line] = s.place;
    const sides = (G.pageData().roles || []).map((role) => ({ role, name: G.roleName(role, view), colour: G.roleColour(role, view) }));
    const headOf = {};
    const hidden = new Set();
    for (const f of folds || []) {
      if (f.end - f.start < 2) continue;
      headOf[f.start] = f;
      if (!f.open) for (let i = f.start + 1; i < f.end; i++) hidden.add(i);
    }
    (lines || []).forEach((line, k) => {
      const i = start + k;
      const side = sideOf(line, sides);
      const fold = headOf[i];
      const classes = [i in starts ? "log-start" : "", side ? "by-side" : "", fold ? "fold-head" + (fold.open ? " open" : "") : ""];
      const li = G.el("li", {
        text: line, "data-n": i + 1, "data-section": i in starts ? starts[i] : null,
        "data-side": side ? side.role : null,
        "data-fold": fold ? (fold.open ? "▾ " + G.t("js.fold") : "▸ " + G.t("js.more_lines", { count: fold.end - fold.start - 1 })) : null,
        class: classes.join(" ").trim().replace(/\s+/g, " ") || null,
        hidden: hidden.has(i),
      });
      if (side && side.colour) li.style.setProperty("--side", side.colour);
      if (fold && onFold) li.addEventListener("click", () => onFold(fold.start));
      ol.appendChild(li);
    });
    ol.style.paddingLeft = (1.2 + 0.6 * String(start + (lines || []).length).length) + "rem";
    if (wasAtBottom || ol.childElementCount < 30) ol.scrollTop = ol.scrollHeight;
  };
  G.renderOutcome = function (box, payload) {
    if (payload.outcome) {
      box.hidden = false;
      box.textContent = G.outcomeText(payload.outcome, payload.seats, payload.view);
    } else box.hidden = true;
  };

  /* Make board elements that carry a legal action clickable; quiet the others. */
  G.legalArg = function (actions, type, argText) {
    const args = (actions || {})[type];
    if (!args) return undefined;
    for (const a of args) {
      if ((a === null && (argText === undefined || argText === "")) || (a !== null && String(a) === argText)) return a;
    }
    return undefined;
  };
  /* data-act-type may name several types ("fire retreat hit"): the first legal one wins. */
  G.highlight = function (root, actions, act) {
    for (const el of root.querySelectorAll("[data-act-type]")) {
      const argText = el.hasAttribute("data-act-arg") ? el.getAttribute("data-act-arg") : undefined;
      let type = null;
      let arg;
      if (act) {
        for (const t of el.getAttribute("data-act-type").split(/\s+/)) {
          arg = G.legalArg(actions, t, argText);
          if (arg !== undefined) { type = t; break; }
        }
      }
      el.classList.toggle("legal", type !== null);
      el.onclick = null;
      el.onkeydown = null;
      if (type !== null) {
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.setAttribute("data-act-now", type);
        el.onclick = (ev) => { ev.stopPropagation(); act(type, arg); };
        el.onkeydown = (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); act(type, arg); } };
      } else {
        el.removeAttribute("tabindex");
        el.removeAttribute("role");
        el.removeAttribute("data-act-now");
      }
    }
  };
  G.renderBoard = function (root, view, ui) {
    if (board) board.render(root, view, ui);
    G.highlight(root, view.actions, ui.replay ? null : ui.act);
  };
})();
