/* The board of a game that ships none: a readable summary of the view.
 * Every part of the view the game added is shown as a small table; a value that is also
 * the argument of a legal action (in a list: a hand, a pool) becomes a clickable chip. */
(function () {
  "use strict";
  const G = window.Gameshelf;
  const COMMON = new Set(["game", "role", "step", "active", "prompt", "actions", "log", "outcome"]);
  /* A catalog's text for id, or null when no catalog has it. */
  const said = (id) => { const text = G.t(id); return text === id ? null : text; };
  /* A key of the view in the reader's language: the game's board catalog
   * (<game>.board.key.<key>), else the site's (js.key.<key>: hand, score, deck...), else
   * the id written out ("hand_sizes": "Hand Sizes"). */
  const key = (view, id) => said(view.game + ".board.key." + id) || said("js.key." + id) || G.words(id);
  /* A seat by the game's name for it, else a key in words. */
  const words = (view, id) => G.name("role", id, "") || key(view, id);
  /* The step, as the game's board catalog names it (<game>.board.step.<step>), else its id
   * written out. */
  const step = (view) => said(view.game + ".board.step." + view.step) || G.words(view.step || "");

  function actionFor(view, value) {
    const found = [];
    for (const [type, args] of Object.entries(view.actions || {})) {
      if (args.some((a) => a !== null && String(a) === String(value))) found.push(type);
    }
    return found.length === 1 ? found[0] : null;
  }

  function scalar(view, value, pickable) {
    if (value === null || value === undefined) return G.el("span", { class: "muted", text: "—" });
    if (value === true) return G.el("span", { class: "chip hidden-thing", text: "✓ " + G.t("js.generic.hidden") });
    if (value === false) return G.el("span", { class: "muted", text: G.t("js.generic.no") });
    const type = pickable ? actionFor(view, value) : null;
    return G.el("span", {
      class: "chip" + (type ? " actionable" : ""), text: typeof value === "string" ? G.name("role", value, G.words(value)) : String(value),
      "data-act-type": type, "data-act-arg": type ? String(value) : null,
    });
  }

  function show(view, value, depth) {
    if (Array.isArray(value)) {
      if (!value.length) return G.el("span", { class: "muted", text: G.t("js.generic.none") });
      if (value.every((v) => v === null || typeof v !== "object")) {
        return G.el("span", { class: "chips" }, value.map((v) => scalar(view, v, true)));
      }
      return G.el("ol", { class: "generic-list" }, value.map((v) => G.el("li", {}, show(view, v, depth + 1))));
    }
    if (value && typeof value === "object") {
      const rows = Object.entries(value).map(([k, v]) =>
        G.el("tr", {}, G.el("th", { text: words(view, k) }), G.el("td", {}, show(view, v, depth + 1))));
      return G.el("table", { class: "generic-table depth-" + Math.min(depth, 3) }, rows);
    }
    return scalar(view, value, false);
  }

  G.registerBoard({
    render(root, view) {
      const box = G.clear(root.querySelector(".generic-summary"));
      box.appendChild(G.el("p", { class: "generic-step" }, G.t("js.generic.step") + " ", G.el("strong", { text: step(view) })));
      const parts = Object.entries(view).filter(([k]) => !COMMON.has(k));
      if (!parts.length) box.appendChild(G.el("p", { class: "muted", text: G.t("js.generic.nothing_else") }));
      for (const [part, value] of parts) {
        box.appendChild(G.el("section", { class: "generic-part" },
          G.el("h3", { text: key(view, part) }), show(view, value, 0)));
      }
    },
  });
})();
