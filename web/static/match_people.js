/* The people around a match: resigning (asked first), the chat and the seat's notepad.
 * It follows the seat the page shows through the "gameshelf:payload" event match.js sends
 * after drawing each payload (and the last one drawn, G.shown, drawn before this script
 * ran), and hears new chat lines through "gameshelf:chat" (from the match's WebSocket).
 * Chat text is always set as text, never as HTML. */
(function () {
  "use strict";
  const G = window.Gameshelf;
  const id = G.pageData().match;
  let current = null; // {payload, role, token}
  let shownRole; // the seat whose chat and notepad are shown

  /* --- resigning --- */
  const resignButton = document.getElementById("resign");
  const dialog = document.getElementById("resign-dialog");
  resignButton.addEventListener("click", () => {
    const players = (current.payload.seats || []).length - (current.payload.resigned || []).length;
    dialog.querySelector(".resign-text").textContent = G.t(players > 2 ? "js.resign_confirm_many" : "js.resign_confirm_two");
    dialog.showModal();
  });
  dialog.querySelector(".cancel").addEventListener("click", () => dialog.close());
  dialog.querySelector(".confirm-resign").addEventListener("click", async () => {
    dialog.close();
    const reply = await G.api("POST", "/api/matches/" + id + "/resign", { confirm: true }, current.token);
    if (reply.status !== 200) { alert(G.reason(reply)); return; }
    location.reload();
  });

  /* --- rematch: the same game, each player one seat on --- */
  const rematchButton = document.getElementById("rematch");
  rematchButton.addEventListener("click", async () => {
    const reply = await G.api("POST", "/api/matches/" + id + "/rematch", {}, current.token);
    if (reply.status !== 200 && reply.status !== 201) { alert(G.reason(reply)); return; }
    const mine = G.seatsHeld(reply.data.id);
    const links = reply.data.seats.filter((s) => s.token && !(s.role in mine));
    if (!links.length) { location.href = reply.data.url; return; }
    const box = document.getElementById("rematch-dialog");
    const list = G.clear(box.querySelector(".link-list"));
    for (const s of links) {
      const url = location.origin + reply.data.url + "#seat=" + encodeURIComponent(s.token);
      list.appendChild(G.el("li", {}, G.el("strong", { text: s.name }), G.el("input", { readonly: true, value: url, class: "link-field" })));
    }
    box.querySelector(".go").href = reply.data.url;
    box.showModal();
  });

  /* --- chat --- */
  const list = document.getElementById("chat");
  const form = document.getElementById("chat-form");
  const error = document.getElementById("chat-error");
  const lines = new Map(); // id -> li
  function sayer(line) {
    if (line.role && current) return G.roleName(line.role, current.payload.view) + (line.name ? " (" + line.name + ")" : "");
    return line.name + " · " + G.t("js.chat_spectator");
  }
  function addLine(line) {
    const li = lines.get(line.id) || G.el("li", { class: "chat-line " + line.channel });
    G.clear(li);
    li.appendChild(G.el("span", { class: "chat-who", text: sayer(line) }));
    li.appendChild(G.el("span", { class: "chat-text" + (line.removed ? " removed" : ""), text: line.removed ? G.t("js.chat_removed") : line.text }));
    if (G.pageData().admin && !line.removed) {
      li.appendChild(G.el("button", { type: "button", class: "link chat-remove", title: G.t("js.chat_remove"), text: "×", onclick: async () => {
        const reply = await G.api("POST", "/api/admin/chat/" + line.id + "/remove");
        if (reply.status !== 204) alert(G.reason(reply));
      } }));
    }
    if (!lines.has(line.id)) {
      lines.set(line.id, li);
      const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
      list.appendChild(li);
      if (atBottom) list.scrollTop = list.scrollHeight;
    }
  }
  async function loadChat() {
    const reply = await G.api("GET", "/api/matches/" + id + "/chat", null, current && current.token);
    if (reply.status !== 200) return;
    G.clear(list);
    lines.clear();
    for (const line of reply.data) addLine(line);
    list.scrollTop = list.scrollHeight;
  }
  document.addEventListener("gameshelf:chat", (event) => addLine(event.detail));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = form.elements.text.value;
    if (!text.trim()) return;
    error.hidden = true;
    const reply = await G.api("POST", "/api/matches/" + id + "/chat", { text }, current && current.token);
    if (reply.status !== 201) { error.textContent = G.reason(reply); error.hidden = false; return; }
    form.elements.text.value = "";
    addLine(reply.data);
  });

  /* --- the notepad --- */
  const notesPanel = document.getElementById("notes-panel");
  const notes = document.getElementById("notes");
  const notesState = document.getElementById("notes-state");
  let saving = null;
  async function loadNotes() {
    notesPanel.hidden = !current.role;
    if (!current.role) return;
    const reply = await G.api("GET", "/api/matches/" + id + "/notes", null, current.token);
    if (reply.status === 200) notes.value = reply.data.text;
  }
  notes.addEventListener("input", () => {
    clearTimeout(saving);
    notesState.textContent = "";
    saving = setTimeout(async () => {
      const reply = await G.api("PUT", "/api/matches/" + id + "/notes", { text: notes.value }, current.token);
      notesState.textContent = reply.status === 200 ? G.t("js.notes_saved") : G.reason(reply);
    }, 600);
  });

  function follow(shown) {
    current = shown;
    const p = current.payload;
    const resigned = (p.resigned || []).includes(current.role);
    resignButton.hidden = !current.role || p.status !== "running" || resigned;
    rematchButton.hidden = !current.role || p.status !== "finished";
    form.hidden = !current.role && !G.pageData().spectatorChat;
    if (shownRole !== current.role) {
      shownRole = current.role;
      loadChat();
      loadNotes();
    }
  }
  document.addEventListener("gameshelf:payload", (event) => follow(event.detail));
  // match.js may have shown its first payload while this script was still loading
  if (G.shown) follow(G.shown);
})();
