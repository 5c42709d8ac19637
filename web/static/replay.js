/* The replay viewer: step through a finished match as any seat saw it. */
(function () {
  "use strict";
  const G = window.Gameshelf;
  const page = G.pageData();
  if (!page.finished) return;
  const $ = (sel) => document.querySelector(sel);
  const slider = $("#position");
  let position = 0;
  let timer = null;
  let loading = Promise.resolve();

  const ui = { role: null, payload: null, act: () => {}, legal: () => false, replay: true };

  async function show(n) {
    position = Math.max(0, Math.min(page.total, n));
    slider.value = String(position);
    const here = chapterAt(position);
    $("#position-label").textContent = position + " / " + page.total + (here ? " · " + here.place : "");
    if (here) $("#chapter").value = String(here.seq);
    const role = $("#perspective").value;
    const query = "?seq=" + position + (role ? "&role=" + encodeURIComponent(role) : "");
    const reply = await G.api("GET", "/api/matches/" + page.match + "/replay" + query);
    if (reply.status !== 200) { $("#prompt").textContent = G.reason(reply); return; }
    const p = reply.data;
    ui.role = p.role;
    ui.payload = p;
    G.renderSeats($("#seats"), p, null, p.role);
    for (const option of $("#perspective").options) { // seats by the game's names ("曹操 Cao Cao")
      if (option.dataset.player === undefined) continue;
      const side = G.roleName(option.value, p.view);
      const seat = (p.seats || []).find((s) => s.role === option.value);
      const name = seat && seat.kind === "bot" ? G.botName(seat) : option.dataset.player;
      option.textContent = name ? G.t("js.side_player", { side, name }) : side;
    }
    G.renderOutcome($("#outcome"), position === page.total ? p : { outcome: null, view: p.view });
    $("#prompt").textContent = p.view.prompt || (p.outcome ? G.t("js.match_over") : "");
    G.renderBoard($("#board"), p.view, ui);
    hold(role, p.log_from || 0, p.view.log || []);
    drawLog(p.view);
    const ol = $("#log");
    ol.scrollTop = ol.scrollHeight;
    slider.dataset.shown = String(position); // the position drawn (the label moves before it)
  }

  /* The log: a position carries its last page; the lines before it are those of the match's
     log (a log only grows), paged in from /log as it is scrolled back, kept per seat. */
  let held = { role: null, start: 0, lines: [] };
  function hold(role, from, tail) {
    const keep = held.role === role && held.start <= from && held.start + held.lines.length >= from;
    held = keep ? { role, start: held.start, lines: held.lines.slice(0, from - held.start).concat(tail) }
      : { role, start: from, lines: tail.slice() };
  }
  function drawLog(view) {
    G.renderLog($("#log"), held.lines, chapters, view, null, null, held.start);
  }
  let paging = false;
  async function pageBack() {
    const ol = $("#log");
    if (paging || held.start === 0 || ol.scrollTop > 40 || !ui.payload) return;
    paging = true;
    try {
      const role = held.role && held.role !== "*" ? "&role=" + encodeURIComponent(held.role) : "";
      const reply = await G.api("GET", "/api/matches/" + page.match + "/log?before=" + held.start + role);
      if (reply.status !== 200) return;
      const height = ol.scrollHeight;
      held = { role: held.role, start: reply.data.log_from, lines: reply.data.log.concat(held.lines) };
      drawLog(ui.payload.view);
      ol.scrollTop += ol.scrollHeight - height; // the line read stays where it was
    } finally {
      paging = false;
    }
  }
  $("#log").addEventListener("scroll", pageBack);
  const go = (n) => { loading = loading.then(() => show(n)); return loading; };

  /* Chapters: where each year, turn or round begins, to jump to (the game says its places). */
  let chapters = [];
  function chapterAt(n) {
    let found = null;
    for (const c of chapters) { if (c.seq <= n) found = c; else break; }
    return found;
  }
  async function loadChapters() {
    const reply = await G.api("GET", "/api/matches/" + page.match + "/chapters");
    if (reply.status !== 200 || !reply.data.length) return;
    chapters = reply.data;
    const select = G.clear($("#chapter"));
    for (const c of chapters) select.appendChild(G.el("option", { value: String(c.seq), text: c.place }));
    $("#chapter-box").hidden = false;
    select.addEventListener("change", () => go(Number(select.value)));
    go(position); // again, with the log's headings
  }

  function play() {
    const button = document.querySelector("[data-step='play']");
    if (timer) { clearInterval(timer); timer = null; button.textContent = "▶ " + G.t("js.replay_play"); return; }
    if (position >= page.total) go(0);
    button.textContent = "⏸ " + G.t("js.replay_pause");
    timer = setInterval(() => {
      if (position >= page.total) { play(); return; }
      go(position + 1);
    }, 700);
  }

  for (const b of document.querySelectorAll("[data-step]")) {
    b.addEventListener("click", () => {
      const step = b.dataset.step;
      if (step === "play") return play();
      go({ first: 0, back: position - 1, forward: position + 1, last: page.total }[step]);
    });
  }
  slider.addEventListener("input", () => go(Number(slider.value)));
  $("#perspective").addEventListener("change", () => go(position));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight") go(position + 1);
    if (ev.key === "ArrowLeft") go(position - 1);
  });
  // A replay opens at the start (nothing played: the story unfolds from there), or at the
  // position its address names (#42).
  const named = Number(location.hash.slice(1));
  go(Number.isInteger(named) && named > 0 ? named : 0).then(loadChapters);
})();
