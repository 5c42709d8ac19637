/* The chat of a finished match, beside its replay: read only, always as text. */
(function () {
  "use strict";
  const G = window.Gameshelf;
  const list = document.getElementById("chat");
  if (!list) return;
  G.api("GET", "/api/matches/" + G.pageData().match + "/chat").then((reply) => {
    if (reply.status !== 200) return;
    for (const line of reply.data) {
      const who = line.role ? G.roleName(line.role, null) + (line.name ? " (" + line.name + ")" : "") : line.name + " · " + G.t("js.chat_spectator");
      list.appendChild(G.el("li", { class: "chat-line " + line.channel },
        G.el("span", { class: "chat-who", text: who }),
        G.el("span", { class: "chat-text" + (line.removed ? " removed" : ""), text: line.removed ? G.t("js.chat_removed") : line.text })));
    }
  });
})();
