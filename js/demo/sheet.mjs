// The bottom sheet of the phone layout: the panel drags between peek (the
// search box only: the map keeps ≥ 90% of the screen), half and full; a
// flick goes on to the next position, a tap on the grip cycles. On a wide
// screen (the desktop layout) it does nothing.
const PEEK = 72; // px of the sheet shown at peek (grip + search row), as in demo.css
const phone = matchMedia("(max-width: 759px)");

export function bottomSheet(panel, grip, onChange = () => {}) {
  const height = () => panel.getBoundingClientRect().height;
  const offset = (state) => {
    const h = height();
    return state === "full" ? 0 : state === "half" ? Math.max(0, h - innerHeight * 0.5) : h - PEEK;
  };
  let state = "peek";
  const place = (y, anim) => {
    panel.classList.toggle("anim", anim);
    panel.style.transform = phone.matches ? `translateY(${y}px)` : "";
  };
  const set = (s, anim = true) => {
    state = s;
    panel.dataset.sheet = s;
    place(offset(s), anim);
    onChange(s);
  };

  // drag: from the grip or the search row, or anywhere in the sheet at peek
  let drag = null;
  const start = (e) => {
    if (!phone.matches || e.button > 0) return;
    if (e.target.closest("input, select, button, a, li") && e.currentTarget !== grip) return;
    drag = { y0: e.clientY, off0: offset(state), t0: performance.now(), moved: false, id: e.pointerId };
  };
  const move = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dy = e.clientY - drag.y0;
    if (!drag.moved && Math.abs(dy) < 6) return;
    drag.moved = true;
    place(Math.min(offset("peek"), Math.max(0, drag.off0 + dy)), false);
  };
  const end = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.moved) {
      if (grip.contains(e.target)) set({ peek: "half", half: "full", full: "peek" }[state]);
      return;
    }
    const dy = e.clientY - d.y0, v = dy / Math.max(1, performance.now() - d.t0); // px/ms, down positive
    const y = d.off0 + dy;
    const order = ["full", "half", "peek"];
    let next = order.reduce((a, b) => (Math.abs(offset(a) - y) <= Math.abs(offset(b) - y) ? a : b));
    if (Math.abs(v) > 0.5) next = order[Math.max(0, Math.min(2, order.indexOf(state) + Math.sign(v)))];
    set(next);
  };
  for (const el of [grip, panel.querySelector(".searchrow")]) el.addEventListener("pointerdown", start);
  // the pointer leaves the sheet as it drags it: follow it on the window
  addEventListener("pointermove", move);
  addEventListener("pointerup", end);
  addEventListener("pointercancel", end);
  addEventListener("resize", () => set(state, false));
  phone.addEventListener("change", () => set(state, false));
  set("peek", false);

  return {
    get state() { return state; },
    /** Open to at least s ("half" or "full"); peek closes. */
    open(s) {
      if (!phone.matches) return;
      if (s === "peek" || (s === "half" && state === "full")) return s === "peek" ? set("peek") : undefined;
      set(s);
    },
    set,
    isPhone: () => phone.matches,
  };
}
