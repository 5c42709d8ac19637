/* The administrators' page: disable or enable an account, take a chat message away. */
(function () {
  "use strict";
  const G = window.Gameshelf;
  for (const button of document.querySelectorAll(".admin-disable, .admin-enable")) {
    button.addEventListener("click", async () => {
      const name = button.closest("tr").dataset.name;
      const what = button.classList.contains("admin-disable") ? "disable" : "enable";
      if (what === "disable" && !confirm(G.t("js.admin_disable_confirm", { name }))) return;
      const reply = await G.api("POST", "/api/admin/accounts/" + encodeURIComponent(name) + "/" + what);
      if (reply.status !== 204) alert(G.reason(reply));
      location.reload();
    });
  }
  const form = document.querySelector("form.admin-remove");
  if (form) {
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const error = form.querySelector(".form-error");
      const note = form.querySelector(".form-note");
      error.hidden = note.hidden = true;
      const reply = await G.api("POST", "/api/admin/chat/" + Number(form.elements.id.value) + "/remove");
      if (reply.status === 204) { note.hidden = false; form.reset(); } else { error.textContent = G.reason(reply); error.hidden = false; }
    });
  }
})();
