/* The match page: what this seat sees, its choices, the log, live updates. */
(function () {
  "use strict";
  const G = window.Gameshelf;
  const page = G.pageData();
  const id = page.match;
  const $ = (sel) => document.querySelector(sel);
  const boardRoot = $("#board");

  let held = G.seatsHeld(id); // role -> token, the seats this browser holds
  let role = null; // the seat being played here (null: watching)
  let payload = null;
  let version = 0;
  let fullLog = []; // the log lines this page holds: replies and pushes carry only new ones
  let logStart = 0; // the number of the first of them (earlier ones: /log, when scrolled back)
  const have = () => logStart + fullLog.length;
  let busy = false;
  let socket = null;
  let retries = 0;
  let asked = 0; // the decisions sent over the live connection, numbered
  const answers = new Map(); // a decision's number -> what is waiting for its answer
  let shown = []; // what waits for the page to show a version: [version, resolve]

  const token = () => (role ? held[role] : null);

  function showMessage(text, kind) {
    const box = $("#message");
    box.textContent = text;
    box.className = "message " + (kind || "refusal");
    box.hidden = !text;
  }

  function setConnection(state) {
    const el = $("#connection");
    el.className = "connection " + state;
    el.textContent = G.t("js.connection." + state);
  }

  /* --- drawing ------------------------------------------------------------------ */
  function render() {
    const view = payload.view;
    G.renderSeats($("#seats"), payload, role);
    renderSeatSwitch();
    G.renderOutcome($("#outcome"), payload);
    document.querySelector(".replay-link").hidden = payload.status !== "finished";
    // over (the rules' end, or the site's: resigned, abandoned): the rules' last prompt and
    // choices no longer stand
    const over = !!payload.outcome;
    const prompt = over ? G.t("js.match_over") : view.prompt || (role ? G.t("js.nothing_to_do") : G.t("js.watching"));
    const own = over ? {} : promptActions(view);
    $("#prompt").textContent = prompt;
    $("#prompt").classList.toggle("your-turn", Object.keys(own).length > 0);
    renderButtons($("#actions"), own, view);
    renderInterrupts(view);
    $("#undo").hidden = !(payload.undo > 0);
    G.renderBoard(boardRoot, view, ui);
    drawLog();
    document.title = (Object.keys(own).length ? "● " : "") + document.title.replace(/^● /, "");
    // the page's other parts (match_people.js: resign, chat, notepad) follow the seat shown;
    // one that starts after this (its script still loading) reads the last one, G.shown
    G.shown = { payload, role, token: token() };
    document.dispatchEvent(new CustomEvent("gameshelf:payload", { detail: G.shown }));
  }

  /* The actions of the prompt: the seat's actions but its interrupts (view.interrupts, the
     actions open to it whether or not it is awaited), which have a box of their own. */
  function promptActions(view) {
    const extra = view.interrupts || {};
    const own = {};
    for (const [type, args] of Object.entries(view.actions || {})) {
      const rest = extra[type] ? args.filter((a) => !extra[type].includes(a)) : args;
      if (rest.length) own[type] = rest;
    }
    return own;
  }

  /* An interrupt is offered to this seat whether or not the game waits for it: a button
     apart from the prompt, shown only while it is legal. */
  function renderInterrupts(view) {
    const box = $("#interrupts");
    const extra = view.interrupts || {};
    box.hidden = !Object.keys(extra).length;
    renderButtons(box.querySelector(".action-buttons"), extra, view);
  }

  function renderButtons(target, actions, view) {
    const box = G.clear(target);
    for (const [type, args] of Object.entries(actions)) {
      const group = G.el("div", { class: "action-group", "data-type": type });
      for (const arg of args) {
        group.appendChild(G.el("button", {
          type: "button", class: "action", "data-act-type": type,
          "data-act-arg": arg === null ? null : String(arg),
          text: G.label(type, arg, view), onclick: () => act(type, arg),
        }));
      }
      box.appendChild(group);
    }
  }

  function renderSeatSwitch() {
    const roles = Object.keys(held);
    const box = G.clear($("#seat-switch"));
    box.hidden = roles.length < 2;
    if (roles.length < 2) return;
    box.appendChild(G.el("span", { class: "muted", text: G.t("js.play_as") + " " }));
    for (const r of roles) {
      box.appendChild(G.el("button", { type: "button", class: r === role ? "primary" : "secondary", text: G.roleName(r, payload && payload.view), onclick: () => switchSeat(r) }));
    }
  }

  /* --- news from the server ------------------------------------------------------- */
  /* A payload carries the board and the log lines this page lacks, from its line log_from
     (the socket's updates only the keys of the view that changed: see connect). */
  function accept(p, force) {
    if (!force && p.version <= version) return; // not newer than what is shown
    if (payload && p.role !== payload.role) { fullLog = []; logStart = 0; } // another seat's log
    const lines = p.view.log || [];
    const from = p.log_from || 0;
    if (from < logStart || from > have()) { fullLog = lines.slice(); logStart = from; } // a gap
    else fullLog = fullLog.slice(0, from - logStart).concat(lines);
    p.view.log = fullLog;
    version = p.version;
    payload = p;
    shown = shown.filter(([v, resolve]) => (v <= version ? (resolve(), false) : true));
    render();
    followActiveSeat();
    loadSections();
  }

  /* The log: headings where each year, turn or round begins (asked again when it grew),
     and the lines between two of this browser's moves folded under their first line once a
     newer move is made (a click opens them); the lines since the latest move stay open. */
  const marks = []; // the log's length each time a move was sent from here
  const opened = new Set(); // folds opened by a click, by their first line
  function drawLog() {
    const cuts = [logStart, ...marks.filter((m) => m > logStart && m <= have())];
    const folds = [];
    for (let k = 0; k + 1 < cuts.length; k++) folds.push({ start: cuts[k], end: cuts[k + 1], open: opened.has(cuts[k]) });
    G.renderLog($("#log"), fullLog, sections, payload && payload.view, folds, (start) => {
      if (opened.has(start)) opened.delete(start); else opened.add(start);
      drawLog();
    }, logStart);
  }

  /* Scrolled back to the top of the lines held: the page before them, from /log. */
  let paging = false;
  async function pageBack() {
    const ol = $("#log");
    if (paging || logStart === 0 || ol.scrollTop > 40) return;
    paging = true;
    try {
      const reply = await G.api("GET", "/api/matches/" + id + "/log?before=" + logStart, null, token());
      if (reply.status !== 200 || reply.data.version !== version) return; // moved on: later
      const height = ol.scrollHeight;
      fullLog = reply.data.log.concat(fullLog);
      logStart = reply.data.log_from;
      if (payload) payload.view.log = fullLog;
      drawLog();
      ol.scrollTop += ol.scrollHeight - height; // the line read stays where it was
    } catch (e) {
      // the earlier lines are a nicety: tried again at the next scroll
    } finally {
      paging = false;
    }
  }

  let sections = [];
  let sectionsAt = -1; // the log length they were asked for
  let sectionsLoading = false;
  async function loadSections() {
    if (sectionsLoading || have() === sectionsAt) return;
    sectionsLoading = true;
    const at = have();
    let ok = false;
    try {
      const reply = await G.api("GET", "/api/matches/" + id + "/chapters");
      ok = reply.status === 200;
      if (ok) {
        sections = reply.data;
        sectionsAt = at;
        drawLog();
      }
    } catch (e) {
      ok = false; // headings are a nicety: the log reads without them
    } finally {
      sectionsLoading = false;
    }
    if (ok && have() !== sectionsAt) loadSections();
  }

  /* Hot seat: when this browser holds several seats, show the one that must act, once a
     curtain has asked to pass the device (nobody sees the next seat's hand by accident). */
  let curtain = null;
  function followActiveSeat() {
    if (!role || busy || curtain) return;
    const active = payload.view.active || [];
    if (active.includes(role) || Object.keys(held).length < 2) return;
    const next = Object.keys(held).find((r) => active.includes(r));
    if (next) passTheDevice(next);
  }

  function passTheDevice(next) {
    const name = G.roleName(next, payload && payload.view);
    const button = G.el("button", { type: "button", class: "primary", text: G.t("js.pass_device_button", { name }) });
    curtain = G.el("div", { class: "pass-device", role: "dialog", "aria-modal": "true", "aria-labelledby": "pass-device-title" },
      G.el("h2", { id: "pass-device-title", text: G.t("js.pass_device_title", { name }) }),
      G.el("p", { text: G.t("js.pass_device_text", { name }) }),
      button);
    Object.assign(curtain.style, {
      position: "fixed", inset: "0", zIndex: "1000", display: "flex", flexDirection: "column",
      alignItems: "center", justifyContent: "center", gap: "1rem", padding: "2rem",
      textAlign: "center", background: "#f4ecd8",
    });
    button.addEventListener("click", () => { curtain.remove(); curtain = null; switchSeat(next); });
    document.body.appendChild(curtain);
    button.focus();
  }

  async function refresh() {
    const reply = await G.api("GET", "/api/matches/" + id + "/view", null, token());
    if (reply.status === 401 && role) {
      G.dropSeat(id, role);
      held = G.seatsHeld(id);
      role = null;
      showMessage(G.t("js.seat_key_invalid"));
      return refresh();
    }
    if (reply.status !== 200) {
      showMessage(G.reason(reply));
      return;
    }
    accept(reply.data, true);
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const t = token();
    // The seat's key goes in the first message, never in the URL (URLs end up in logs).
    // The live views come in the page's language, whatever headers the handshake carries.
    // A page that holds a version says so: it is sent only what it lacks.
    const since = payload && role === payload.role ? "&version=" + version + "&log_have=" + have() : "";
    const sock = new WebSocket(proto + "//" + location.host + "/ws/matches/" + id + "?lang=" + G.lang() + since);
    socket = sock;
    let first = true;
    let live = null; // the view as this socket was sent it: its updates change it
    setConnection(retries ? "reconnecting" : "connecting");
    sock.onopen = () => { sock.send(JSON.stringify({ token: t || null })); retries = 0; setConnection("live"); };
    sock.onmessage = (ev) => {
      const p = JSON.parse(ev.data);
      if ("answer" in p) { const done = answers.get(p.answer); answers.delete(p.answer); if (done) done(p); return; }
      if (p.chat) { document.dispatchEvent(new CustomEvent("gameshelf:chat", { detail: p.chat })); return; }
      if (p.delta) { // the keys that changed since its base version, and the new log lines
        if (!live || p.base !== live.version) { sock.close(); return; } // lost: connect again
        const view = Object.assign({}, live.view, p.view);
        for (const key of p.drop || []) delete view[key];
        p.view = view;
      }
      live = { version: p.version, view: Object.assign({}, p.view) };
      accept(p, first);
      first = false;
    };
    sock.onclose = (ev) => {
      for (const done of answers.values()) done(null); // unanswered: sent again over HTTP
      answers.clear();
      if (socket !== sock) return; // replaced on purpose
      if (ev.code === 4404) { setConnection("gone"); showMessage(G.t("js.match_gone")); return; }
      if (ev.code === 4401 && role) { G.dropSeat(id, role); held = G.seatsHeld(id); role = null; }
      setConnection("reconnecting");
      const delay = Math.min(15000, 500 * 2 ** retries) * (0.75 + Math.random() / 2);
      retries += 1;
      setTimeout(connect, delay);
    };
  }

  function switchSeat(r) {
    if (r === role) return;
    role = r;
    if (socket) { const old = socket; socket = null; old.close(); }
    refresh().then(connect);
  }

  /* --- acting ----------------------------------------------------------------------- */
  function setBusy(on) {
    busy = on;
    document.body.classList.toggle("busy", on);
    for (const b of document.querySelectorAll("#actions button, #interrupts button, #undo")) b.disabled = on;
  }

  async function send(path, body) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await G.api("POST", path, body, token());
      } catch (e) { // the network failed: the same body again is safe (it is applied once)
        if (attempt >= 4) throw e;
        await G.sleep(400 * 2 ** attempt);
      }
    }
  }

  /* A decision goes over the live connection when it is open (its answer comes first, then
     the view it led to, as a live update); else, or when the connection drops before the
     answer, over HTTP with the same version (a decision already applied is not applied again). */
  function overSocket(request) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.resolve(null);
    asked += 1;
    const n = asked;
    return new Promise((resolve) => {
      answers.set(n, resolve);
      socket.send(JSON.stringify(Object.assign({ id: n }, request)));
    });
  }

  function showing(v) { // resolves once the page shows version v or a later one
    return v <= version ? Promise.resolve() : new Promise((resolve) => shown.push([v, resolve]));
  }

  async function decide(kind, body, path) {
    const answer = await overSocket({ [kind]: body });
    if (answer && !answer.detail) { await showing(answer.version); return { status: 200 }; }
    if (answer) return { status: ["stale", "conflict"].includes(answer.detail.code) ? 409 : 400, data: answer };
    const reply = await send(path, body);
    if (reply.status === 200) accept(reply.data);
    return reply;
  }

  async function act(type, arg) {
    if (busy || !payload || !role) return;
    setBusy(true);
    showMessage("");
    const mark = have();
    try {
      const path = "/api/matches/" + id + "/actions?log_have=" + mark;
      const reply = await decide("act", { type, arg, version: payload.version }, path);
      if (reply.status === 200) {
        if (mark > 0 && marks[marks.length - 1] !== mark) marks.push(mark);
      }
      else if (reply.status === 409) {
        showMessage(G.t("js.match_moved_on"), "notice");
        await refresh();
      } else showMessage(G.reason(reply));
    } catch (e) {
      showMessage(G.t("js.unreachable_action"));
    } finally {
      setBusy(false);
    }
    followActiveSeat();
  }

  async function undo() {
    if (busy || !payload || !role) return;
    setBusy(true);
    showMessage("");
    try {
      const path = "/api/matches/" + id + "/undo?log_have=" + have();
      const reply = await decide("undo", { version: payload.version }, path);
      if (reply.status === 200) {
        while (marks.length && marks[marks.length - 1] >= have()) marks.pop(); // taken back
        drawLog();
      }
      else showMessage(G.reason(reply));
    } catch (e) {
      showMessage(G.t("js.unreachable"));
    } finally {
      setBusy(false);
    }
  }

  const ui = {
    get role() { return role; },
    get payload() { return payload; },
    act,
    legal: (type, arg) => G.legalArg(payload && payload.view.actions, type, arg === null || arg === undefined ? undefined : String(arg)) !== undefined,
    replay: false,
  };

  /* --- start ----------------------------------------------------------------------- */
  async function start() {
    $("#undo").addEventListener("click", undo);
    $("#log").addEventListener("scroll", pageBack);
    const fromLink = /(?:^#|&)seat=([^&]+)/.exec(location.hash);
    if (fromLink) {
      history.replaceState(null, "", location.pathname + location.search);
      const t = decodeURIComponent(fromLink[1]);
      const reply = await G.api("GET", "/api/matches/" + id + "/view", null, t);
      if (reply.status === 200 && reply.data.role) {
        G.holdSeat(id, reply.data.role, t);
        held = G.seatsHeld(id);
        role = reply.data.role;
      } else showMessage(G.t("js.seat_link_invalid"));
    }
    if (!role) {
      const roles = Object.keys(held);
      role = roles.length ? roles[0] : null;
    }
    await refresh();
    connect();
  }
  start();
})();
