/* "My games": accept or decline an invitation (the seat's token is kept by the browser). */
(function () {
  "use strict";
  const G = window.Gameshelf;
  for (const box of document.querySelectorAll(".invitation[data-match]")) {
    const answer = async (accept) => {
      const reply = await G.api("POST", "/api/matches/" + box.dataset.match + "/invitation", { accept });
      if (reply.status !== 200) { alert(G.reason(reply)); location.reload(); return; }
      location.href = accept ? reply.data.url : "/my";
    };
    box.querySelector(".accept").addEventListener("click", () => answer(true));
    box.querySelector(".decline").addEventListener("click", () => answer(false));
  }
})();
