/** Redraws batched on animation frames: controllers call `redraw()` as often as they like. */

let pending = false;
let draw: () => void = () => {};

export function setDraw(fn: () => void): void {
  draw = fn;
}

export function redraw(): void {
  if (pending) return;
  pending = true;
  const run = () => {
    pending = false;
    draw();
  };
  if (typeof requestAnimationFrame === "function" && typeof document !== "undefined" && !document.hidden)
    requestAnimationFrame(run);
  else setTimeout(run, 0);
}
