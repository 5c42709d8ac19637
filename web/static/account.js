/* Accounts: the sign-up, sign-in, password and delete forms, and "Sign out" in every header.
 * Requests go through Gameshelf.api (fetch from this page: the browser sends its Origin,
 * which the server checks); the session cookie is HttpOnly, never seen here. */
(function () {
  "use strict";
  const G = window.Gameshelf;
  const PATHS = {
    signup: ["POST", "/api/account"],
    signin: ["POST", "/api/session"],
    password: ["POST", "/api/account/password"],
    delete: ["POST", "/api/account/delete"],
  };

  function fields(form) {
    const body = {};
    for (const input of form.querySelectorAll("input[name]")) {
      if (input.value !== "" || input.required) body[input.name] = input.value;
    }
    return body;
  }

  async function submit(form) {
    const error = form.querySelector(".form-error");
    const note = form.querySelector(".form-note");
    error.hidden = true;
    if (note) note.hidden = true;
    const [method, path] = PATHS[form.dataset.form];
    const reply = await G.api(method, path, fields(form));
    if (reply.status >= 300) { error.textContent = G.reason(reply); error.hidden = false; return; }
    if (form.dataset.form === "password") { form.reset(); note.hidden = false; return; }
    const next = new URLSearchParams(location.search).get("next");
    location.href = next && next.startsWith("/") && !next.startsWith("//") ? next : "/";
  }

  for (const form of document.querySelectorAll("form.account-form")) {
    form.addEventListener("submit", (ev) => { ev.preventDefault(); submit(form); });
  }
})();
