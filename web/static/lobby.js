/* The lobby: start a match, take an open seat, find the matches this browser plays. */
(function () {
  "use strict";
  const G = window.Gameshelf;
  const account = document.querySelector(".account-nav .account-name"); // signed in: its name
  const remembered = () => (account && account.textContent) || localStorage.getItem("gameshelf.name") || "";

  function seatRows(form) { return Array.from(form.querySelectorAll(".seat-row")); }

  function showPlayers(form) {
    const count = form.elements.players ? Number(form.elements.players.value) : seatRows(form).filter((r) => !r.hidden).length;
    seatRows(form).forEach((row, i) => { row.hidden = i >= count; });
    return count;
  }

  function syncNames(form) {
    for (const row of seatRows(form)) {
      const kind = row.querySelector("select").value;
      const name = row.querySelector("input");
      name.hidden = kind.startsWith("bot:") || kind === "open";
      if (kind === "me" && !name.value) name.value = remembered();
      name.placeholder = G.t(kind === "link" ? "js.friend_name" : kind === "invite" ? "js.account_name" : "js.your_name");
    }
  }

  /* A seat's side as the form names it (the game's name for it, in the reader's language). */
  function roleName(form, role) {
    const row = seatRows(form).find((r) => r.querySelector("select").dataset.role === role);
    const label = row && row.querySelector(".role");
    return label ? label.textContent : role;
  }

  function optionValue(input) {
    const kind = input.dataset.kind;
    if (kind === "bool") return input.type === "checkbox" ? input.checked : input.value === "True" || input.value === "true";
    if (kind === "int") return Number.parseInt(input.value, 10);
    return input.value;
  }

  async function create(form) {
    const error = form.querySelector(".form-error");
    error.hidden = true;
    const count = showPlayers(form);
    const seats = [];
    const kinds = {};
    for (const row of seatRows(form).slice(0, count)) {
      const select = row.querySelector("select");
      const kind = select.value;
      const name = row.querySelector("input").value.trim();
      const role = select.dataset.role;
      kinds[role] = kind;
      if (kind.startsWith("bot:")) seats.push({ role, bot: kind.slice(4) });
      else if (kind === "open") seats.push({ role, open: true });
      else {
        if (!name) { error.textContent = G.t("js.name_every_seat"); error.hidden = false; return; }
        if (kind === "me") localStorage.setItem("gameshelf.name", name);
        if (kind === "invite") seats.push({ role, player: name });
        else seats.push(kind === "me" ? { role, name, me: true } : { role, name });
      }
    }
    const options = {};
    for (const input of form.querySelectorAll("[name^='opt:']")) options[input.name.slice(4)] = optionValue(input);
    const body = { game: form.dataset.game, scenario: form.elements.scenario.value, options, seats };
    if (seats.every((s) => s.bot)) body.watch = true; // bots alone: paced until we watch
    const pace = form.elements.pace ? form.elements.pace.value : "none";
    if (pace !== "none") {
      body.pace = { kind: pace, on_timeout: form.elements["on-timeout"].value || null };
      if (pace === "live") body.pace.minutes = parseInt(form.elements["pace-minutes"].value, 10) || 0;
    }
    const reply = await G.api("POST", "/api/matches", body);
    if (reply.status !== 201) { error.textContent = G.reason(reply); error.hidden = false; return; }
    const match = reply.data;
    const links = [];
    for (const s of match.seats) {
      if (!s.token) continue;
      if (kinds[s.role] === "me") G.holdSeat(match.id, s.role, s.token);
      else links.push(s);
    }
    if (!links.length) { location.href = match.url; return; }
    const dialog = document.getElementById("links");
    const list = G.clear(dialog.querySelector(".link-list"));
    for (const s of links) {
      const url = location.origin + match.url + "#seat=" + encodeURIComponent(s.token);
      const field = G.el("input", { readonly: true, value: url, class: "link-field" });
      list.appendChild(G.el("li", {},
        G.el("strong", { text: s.name + " — " + roleName(form, s.role) }), field,
        G.el("button", { type: "button", class: "secondary", text: G.t("js.copy"), onclick: () => { field.select(); navigator.clipboard && navigator.clipboard.writeText(url); } })));
    }
    dialog.querySelector("#go-to-match").href = match.url;
    dialog.showModal();
  }

  async function join(form) {
    const name = form.elements.name.value.trim();
    if (!name) return;
    localStorage.setItem("gameshelf.name", name);
    const body = { name, role: form.elements.role ? form.elements.role.value : null };
    const reply = await G.api("POST", "/api/matches/" + form.dataset.match + "/join", body);
    if (reply.status !== 200) { alert(G.reason(reply)); location.reload(); return; }
    G.holdSeat(reply.data.id, reply.data.role, reply.data.token);
    location.href = reply.data.url;
  }

  for (const button of document.querySelectorAll(".open-form")) {
    const form = document.querySelector("form.new-match[data-game='" + button.dataset.game + "']");
    const card = button.closest(".game-card");
    button.addEventListener("click", () => { form.hidden = false; button.hidden = true; card.classList.add("open"); syncNames(form); });
    form.querySelector(".cancel").addEventListener("click", () => { form.hidden = true; button.hidden = false; card.classList.remove("open"); });
    form.addEventListener("change", () => { showPlayers(form); syncNames(form); showPace(form); });
    showPace(form);
    form.addEventListener("submit", (ev) => { ev.preventDefault(); create(form); });
  }
  /* The minutes of a live clock only with a live clock, what a timeout does only with one. */
  function showPace(form) {
    const pace = form.elements.pace ? form.elements.pace.value : "none";
    const minutes = form.querySelector(".pace-minutes");
    const timeout = form.querySelector(".pace-timeout");
    if (minutes) minutes.hidden = pace !== "live";
    if (timeout) timeout.hidden = pace === "none";
  }
  for (const form of document.querySelectorAll("form.join")) {
    if (form.elements.name.type !== "hidden") form.elements.name.value = remembered();
    form.addEventListener("submit", (ev) => { ev.preventDefault(); join(form); });
  }
  const mine = G.matchesHeld();
  for (const row of document.querySelectorAll(".match-row[data-match]")) {
    if (mine.has(row.dataset.match)) {
      row.classList.add("mine");
      const tag = row.querySelector(".mine");
      if (tag) tag.hidden = false;
    }
  }
})();
