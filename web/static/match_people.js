/* The people around a match: resigning (asked first). It follows the seat the page shows
 * through the "gameshelf:payload" event match.js sends after drawing each payload. */
(function () {
  "use strict";
  const G = window.Gameshelf;
  const id = G.pageData().match;
  let current = null; // {payload, role, token}

  const resignButton = document.getElementById("resign");
  const dialog = document.getElementById("resign-dialog");

  document.addEventListener("gameshelf:payload", (event) => {
    current = event.detail;
    const p = current.payload;
    const resigned = (p.resigned || []).includes(current.role);
    resignButton.hidden = !current.role || p.status !== "running" || resigned;
  });

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
})();
