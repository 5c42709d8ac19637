/* Gameshelf: the frame every board stands in. Plain JavaScript, no build step.
 *
 * Gameshelf.zoomable(frame, content, opts) makes `content` (an SVG map, an HTML ring…)
 * fit `frame` at first load: as large as the window's height and the frame's width allow.
 * Then it zooms (the +/−/fit buttons, the mouse wheel, a pinch) and pans (drag), and
 * remembers where it was per match (localStorage, `opts.key`). A drag never counts as a
 * click on what is under it. opts:
 *   size()     the content's natural size [width, height] in CSS pixels at zoom 1;
 *   key        the storage key (the match id and the game), or null;
 *   maxScale   the largest zoom (default: 4 times the fit, at least 2);
 *   least()    optional: the smallest scale the board opens at, when fitting it whole
 *              would draw its pieces too small to read and tap (a phone): it then opens
 *              filling the frame's width at that scale, centred, and pans; the fit button
 *              still shows it whole;
 *   focus()    optional: the point of the content [x, y] such an opening view centres on;
 *   barOutside the zoom buttons go above the frame, not over the board's corner.
 * It returns {refresh(), fit(), show(x, y, w, h)}: refresh() after each render (a new size
 * is fitted again unless the player zoomed), show() pans a content rectangle into view.
 * A font (or picture) that arrives after the board was drawn changes the content's size or
 * the room above it: the board is then fitted again, by itself. The frame carries
 * data-fitted while its fit is final, measured with no font still loading.
 *
 * Gameshelf.pinnedHeight() is the height of what is pinned at the bottom of the screen
 * (the prompt bar on a phone), which a fitted board leaves free.
 */
(function () {
  "use strict";
  const G = window.Gameshelf;
  const MARGIN = 10; // px kept free below a fitted board

  G.pinnedHeight = function () {
    const bar = document.querySelector(".prompt-panel");
    if (!bar || getComputedStyle(bar).position !== "fixed") return 0;
    return bar.getBoundingClientRect().height;
  };

  function readSaved(key) {
    if (!key) return null;
    try {
      const v = JSON.parse(localStorage.getItem("gs-zoom:" + key) || "null");
      return v && Number.isFinite(v.z) && Number.isFinite(v.cx) && Number.isFinite(v.cy) ? v : null;
    } catch (e) {
      return null;
    }
  }

  G.zoomable = function (frame, content, opts) {
    if (frame.gsZoom) { frame.gsZoom.refresh(); return frame.gsZoom; }
    let s = 1;
    let x = 0;
    let y = 0;
    let fitScale = 1;
    let room = 0; // the height the last layout had for the board (available())
    let natural = [1, 1];
    let zoomed = readSaved(opts.key); // null: the board is fitted
    frame.classList.add("gs-zoom");
    content.classList.add("gs-zoom-content");

    const button = (cls, text, title, onclick) =>
      G.el("button", { type: "button", class: "gs-zoom-btn " + cls, title, "aria-label": title, text, onclick });
    const bar = frame.appendChild(G.el("div", { class: "gs-zoom-bar" + (opts.barOutside ? " outside" : "") },
      button("in", "+", G.t("js.zoom_in"), () => zoomBy(1.3)),
      button("out", "−", G.t("js.zoom_out"), () => zoomBy(1 / 1.3)),
      button("fit", "⤢", G.t("js.zoom_fit"), () => { whole(); })));
    if (opts.barOutside) frame.parentNode.insertBefore(bar, frame); // over a board that fills its frame

    const least = () => (opts.least ? opts.least() || 0 : 0);
    const maxScale = () => opts.maxScale || Math.max(2, fitScale * 4, least() * 4);
    const minScale = () => fitScale * 0.75;
    const clampScale = (v) => Math.min(maxScale(), Math.max(minScale(), v));

    function available() {
      const top = frame.getBoundingClientRect().top + window.scrollY;
      const room = window.innerHeight - G.pinnedHeight() - MARGIN - Math.min(top, window.innerHeight * 0.4);
      return Math.max(260, room);
    }

    function layout() {
      natural = opts.size();
      room = available();
      const width = frame.clientWidth || natural[0];
      fitScale = Math.min(width / natural[0], room / natural[1]);
      frame.style.height = Math.round(natural[1] * fitScale) + "px";
      if (!zoomed) {
        s = Math.max(fitScale, least());
        x = (width - natural[0] * s) / 2;
        y = 0;
        const focus = s > fitScale && opts.focus ? opts.focus() : null;
        if (focus) { // opened larger than the frame: centred on what matters to this seat
          x = width / 2 - focus[0] * s;
          y = frame.clientHeight / 2 - focus[1] * s;
        }
      } else {
        s = clampScale(fitScale * zoomed.z);
        x = width / 2 - zoomed.cx * s;
        y = frame.clientHeight / 2 - zoomed.cy * s;
      }
      apply();
      mark();
    }

    /* data-fitted: the last layout was measured with every font the page asked for. */
    function mark() {
      frame.toggleAttribute("data-fitted", !(document.fonts && document.fonts.status === "loading"));
    }

    function clampPan() {
      const keep = 80; // px of the board that always stay in the frame
      const w = natural[0] * s;
      const h = natural[1] * s;
      x = Math.min(frame.clientWidth - keep, Math.max(keep - w, x));
      y = Math.min(frame.clientHeight - keep, Math.max(keep - h, y));
    }

    function apply() {
      clampPan();
      content.style.width = natural[0] + "px";
      content.style.height = natural[1] + "px";
      content.style.transform = "translate(" + x + "px," + y + "px) scale(" + s + ")";
      frame.classList.toggle("zoomed", !!zoomed);
    }

    function save() {
      if (zoomed) {
        zoomed = { z: s / fitScale, cx: (frame.clientWidth / 2 - x) / s, cy: (frame.clientHeight / 2 - y) / s };
      }
      if (!opts.key) return;
      try {
        if (zoomed) localStorage.setItem("gs-zoom:" + opts.key, JSON.stringify(zoomed));
        else localStorage.removeItem("gs-zoom:" + opts.key);
      } catch (e) { /* private mode: not remembered */ }
    }

    function zoomAt(factor, px, py) { // px, py: a point of the frame that stays put
      const ns = clampScale(s * factor);
      x = px - (px - x) * (ns / s);
      y = py - (py - y) * (ns / s);
      s = ns;
      zoomed = { z: s / fitScale, cx: 0, cy: 0 };
      apply();
      save();
    }
    const zoomBy = (factor) => zoomAt(factor, frame.clientWidth / 2, frame.clientHeight / 2);
    /* The whole board in the frame: the opening view, or (when that is larger) the fit. */
    function whole() {
      zoomed = least() > fitScale ? { z: 1, cx: natural[0] / 2, cy: natural[1] / 2 } : null;
      layout();
      save(); // after the layout: a zoom is saved as what is shown
    }

    frame.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const r = frame.getBoundingClientRect();
      zoomAt(Math.exp(-ev.deltaY * (ev.deltaMode === 1 ? 0.05 : 0.0015)), ev.clientX - r.left, ev.clientY - r.top);
    }, { passive: false });

    // drag to pan, two fingers to pinch; a drag is not a click
    const pointers = new Map();
    let drag = null;
    let pinch = null;
    let dragged = false;
    const spread = () => { const [a, b] = [...pointers.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
    const middle = () => { const [a, b] = [...pointers.values()]; const r = frame.getBoundingClientRect(); return [(a.x + b.x) / 2 - r.left, (a.y + b.y) / 2 - r.top]; };
    frame.addEventListener("pointerdown", (ev) => {
      if (ev.target.closest(".gs-zoom-bar")) return;
      pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      if (pointers.size === 1) { drag = { x: ev.clientX, y: ev.clientY, tx: x, ty: y }; dragged = false; }
      if (pointers.size === 2) { pinch = { d: spread(), s, mid: middle(), tx: x, ty: y }; drag = null; }
    });
    frame.addEventListener("pointermove", (ev) => {
      if (!pointers.has(ev.pointerId)) return;
      pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      if (pinch && pointers.size === 2) {
        const [mx, my] = middle();
        const ns = clampScale(pinch.s * spread() / (pinch.d || 1));
        x = mx - (pinch.mid[0] - pinch.tx) * (ns / pinch.s);
        y = my - (pinch.mid[1] - pinch.ty) * (ns / pinch.s);
        s = ns;
        zoomed = { z: s / fitScale, cx: 0, cy: 0 };
        dragged = true;
        apply();
      } else if (drag) {
        const dx = ev.clientX - drag.x;
        const dy = ev.clientY - drag.y;
        if (!dragged && Math.hypot(dx, dy) < 6) return;
        if (!dragged) frame.setPointerCapture(ev.pointerId);
        dragged = true;
        x = drag.tx + dx;
        y = drag.ty + dy;
        zoomed = zoomed || { z: 1, cx: 0, cy: 0 };
        apply();
      }
    });
    const release = (ev) => {
      pointers.delete(ev.pointerId);
      if (pointers.size < 2) pinch = null;
      if (!pointers.size) { drag = null; if (dragged) save(); }
    };
    frame.addEventListener("pointerup", release);
    frame.addEventListener("pointercancel", release);
    frame.addEventListener("click", (ev) => {
      if (dragged) { ev.stopPropagation(); ev.preventDefault(); dragged = false; }
    }, true);

    window.addEventListener("resize", layout); // a zoomed board keeps its zoom and centre

    const api = {
      refresh() { // laid out again for a new size, or new room (the pinned prompt drawn)
        const size = opts.size();
        if (size[0] !== natural[0] || size[1] !== natural[1] || !frame.style.height || available() !== room) layout();
        else mark();
      },
      fit() { whole(); },
      /* Pan (never zoom) so the content rectangle x, y, w, h is in the frame. */
      show(cx, cy, cw, ch) {
        const fw = frame.clientWidth;
        const fh = frame.clientHeight;
        const left = x + cx * s;
        const top = y + cy * s;
        if (left >= 0 && top >= 0 && left + cw * s <= fw && top + ch * s <= fh) return;
        x = fw / 2 - (cx + cw / 2) * s;
        y = fh / 2 - (cy + ch / 2) * s;
        zoomed = zoomed || { z: 1, cx: 0, cy: 0 };
        apply();
        save();
      },
    };
    frame.gsZoom = api;
    // late fonts: the content's elements resize (observed before the next paint), and text
    // above the frame moves it (the fonts' own events)
    if (window.ResizeObserver) {
      const grown = new ResizeObserver(() => api.refresh());
      for (const child of content.children) grown.observe(child);
    }
    if (document.fonts) {
      for (const ev of ["loading", "loadingdone", "loadingerror"]) document.fonts.addEventListener(ev, () => api.refresh());
    }
    layout();
    return api;
  };
})();

/* What is pinned at the bottom (the prompt on a phone) keeps the page's last lines free,
 * and a long press on anything with a tooltip (a block, a card, an area) shows it. */
(function () {
  "use strict";
  const G = window.Gameshelf;

  function trackPinned() {
    const bar = document.querySelector(".prompt-panel");
    if (!bar) return;
    const update = () => document.documentElement.style.setProperty("--gs-pinned", Math.ceil(G.pinnedHeight()) + "px");
    if (window.ResizeObserver) new ResizeObserver(update).observe(bar);
    window.addEventListener("resize", update);
    update();
  }

  function tipText(el) {
    for (let node = el; node && node !== document.body; node = node.parentNode) {
      if (node.getAttribute && node.getAttribute("title")) return node.getAttribute("title");
      const own = node.querySelector ? node.querySelector(":scope > title") : null;
      if (own && own.textContent) return own.textContent;
    }
    return "";
  }

  function longPressTips() {
    const board = document.getElementById("board");
    if (!board) return;
    let timer = null;
    let tip = null;
    let start = null;
    const hide = () => { if (tip) { tip.remove(); tip = null; } };
    board.addEventListener("pointerdown", (ev) => {
      hide();
      if (ev.pointerType !== "touch") return;
      start = [ev.clientX, ev.clientY];
      const target = ev.target;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const text = tipText(target);
        if (!text) return;
        tip = G.el("div", { class: "gs-tip", role: "tooltip", text });
        document.body.appendChild(tip);
        const w = tip.offsetWidth;
        const h = tip.offsetHeight;
        tip.style.left = Math.max(8, Math.min(window.innerWidth - w - 8, start[0] - w / 2)) + "px";
        tip.style.top = Math.max(8, start[1] - h - 24) + "px";
      }, 500);
    });
    board.addEventListener("pointermove", (ev) => {
      if (start && Math.hypot(ev.clientX - start[0], ev.clientY - start[1]) > 8) clearTimeout(timer);
    });
    const end = () => { clearTimeout(timer); start = null; setTimeout(hide, 1800); };
    board.addEventListener("pointerup", end);
    board.addEventListener("pointercancel", end);
    board.addEventListener("contextmenu", (ev) => { if (tip || start) ev.preventDefault(); }); // no menu over a tip
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => { trackPinned(); longPressTips(); });
  } else { trackPinned(); longPressTips(); }
})();
