/* Starts the API documentation viewer of /docs (Swagger UI) or /redoc (ReDoc), whose
   scripts the page loaded from this site: no inline script, so the site's CSP holds. */
(function () {
  "use strict";
  const root = document.getElementById("api-docs");
  if (!root) return;
  const url = root.dataset.openapi;
  if (root.dataset.ui === "swagger" && window.SwaggerUIBundle) {
    window.SwaggerUIBundle({ url, dom_id: "#api-docs", deepLinking: true, layout: "BaseLayout" });
  } else if (root.dataset.ui === "redoc" && window.Redoc) {
    window.Redoc.init(url, { disableSearch: true, hideDownloadButton: false }, root);
  }
})();
