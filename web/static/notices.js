/* A player's notices: save the channels (PUT /api/my/notices). */
(function () {
  "use strict";
  const G = window.Gameshelf;
  const form = document.getElementById("notices-form");
  if (!form) return;
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const error = form.querySelector(".form-error");
    const done = form.querySelector(".form-done");
    error.hidden = true;
    done.hidden = true;
    const body = {
      email: form.elements.email.checked,
      webhook: form.elements.webhook.value.trim(),
      digest: form.elements.digest.value,
    };
    const reply = await G.api("PUT", "/api/my/notices", body);
    if (reply.status !== 200) {
      error.textContent = G.reason(reply);
      error.hidden = false;
      return;
    }
    location.reload();
  });
})();
