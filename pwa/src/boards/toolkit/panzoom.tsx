/** Pan and zoom for a board's SVG, by touch (drag, pinch, double tap on empty board), mouse
 * (drag, wheel, double click) and buttons (+, −, fit: also the keyboard's way).
 *
 * - A tap on a lit target, or within a small target's reach (`reach.ts`), always acts: it is
 *   never a zoom. A drag never counts as a tap (the click that ends it is swallowed).
 * - When the step's targets change (a pick, a new turn), the view fits them (`viewport.ts`):
 *   all visible inside the frame, drawn at least 32 px where that still shows them all; a frame
 *   partly scrolled under the sticky header or the dock is brought into view first. A step
 *   with nothing to tap (the others' turn) shows the whole board, unless the player moved it.
 * - The zoom buttons stand in a strip under the drawing, never over it.
 * - The frame takes its size from the page (CSS); the drawing fills it in the frame's shape. */

import type { ComponentChildren } from "preact";
import { useContext, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { Box } from "./hex";
import { isDoubleTap, nearestInReach, type Rect, type TapAt } from "./reach";
import { type Band, StageContext } from "./stage";
import { clampView, fit, fitTargets, type Frame, frameOf, type Insets, NO_INSETS, toBoard, type View, viewBoxFor, zoomAt } from "./viewport";

export { clampView, fit, viewBoxFor, zoomAt, type View } from "./viewport";

const DRAG_THRESHOLD = 8; // pixels a pointer moves before a press becomes a drag
/** What a tap on it means already: a target (picked or, while busy, off), a button, a link. */
const TAPPABLE = ".target, .target-off, [role=button], button, a";

/** The legal targets drawn in `svg` and on screen, with their boxes in screen pixels. */
export function targetsOnScreen(svg: SVGSVGElement): { target: Element; rect: Rect }[] {
  const frame = svg.getBoundingClientRect();
  const out: { target: Element; rect: Rect }[] = [];
  for (const target of svg.querySelectorAll(".target")) {
    const rect = target.getBoundingClientRect();
    const visible = rect.right > frame.left && rect.left < frame.right && rect.bottom > frame.top && rect.top < frame.bottom;
    if (visible) out.push({ target, rect });
  }
  return out;
}

/** Screen pixels to board units as the svg draws now (its viewBox, `xMidYMid meet`). */
function screenToBoard(svg: SVGSVGElement): ((r: DOMRect) => Box) | null {
  const vb = (svg.getAttribute("viewBox") ?? "").split(/[\s,]+/).map(Number);
  const rect = svg.getBoundingClientRect();
  if (vb.length !== 4 || vb.some((n) => !Number.isFinite(n)) || rect.width <= 0 || rect.height <= 0) return null;
  const [vx, vy, vw, vh] = vb as [number, number, number, number];
  const s = Math.min(rect.width / vw, rect.height / vh);
  const x0 = rect.left + (rect.width - vw * s) / 2;
  const y0 = rect.top + (rect.height - vh * s) / 2;
  return (r) => ({ x: vx + (r.left - x0) / s, y: vy + (r.top - y0) / s, width: r.width / s, height: r.height / s });
}

/** What identifies a step's targets: their names (a target's accessible name says what it does). */
function targetKey(svg: SVGSVGElement): { key: string; targets: Element[] } {
  const targets = [...svg.querySelectorAll(".target")];
  const names = targets.map((t) => t.getAttribute("aria-label") ?? "").sort();
  return { key: names.join("\u0001"), targets };
}

/** When the player last pressed or typed anywhere on the page: a step that changes within a
 * moment of it is the player's own (a pick), not a bot's move or a refresh. */
let lastInput = -Infinity;
let listening = false;
function listenForInput(): void {
  if (listening || typeof document === "undefined") return;
  listening = true;
  const note = () => (lastInput = Date.now());
  document.addEventListener("pointerdown", note, { capture: true, passive: true });
  document.addEventListener("keydown", note, { capture: true, passive: true });
}
const OWN_STEP_MS = 1500;

/** Scrolls the page so that the frame lies inside the band the shell leaves free. A frame quite
 * out of view is left alone unless `always` (the player's own pick): a bot's move must not pull
 * a player away from the log they are reading. */
function reveal(el: Element, band: Band, always: boolean): void {
  if (typeof window === "undefined" || typeof window.scrollBy !== "function") return;
  const r = el.getBoundingClientRect();
  if (r.height <= 0 || (r.top >= band.top - 1 && r.bottom <= band.bottom + 1)) return;
  const partly = r.bottom > band.top && r.top < band.bottom;
  if (!partly && !always) return;
  // Only the bottom cut off, and the frame fits: scroll down just enough; else its top under
  // the header.
  const dy = r.top >= band.top && r.height <= band.bottom - band.top ? r.bottom - band.bottom : r.top - band.top;
  window.scrollBy({ top: dy, behavior: "instant" as ScrollBehavior });
}

/** The parts of the frame outside the free band (under the header or the dock), in px; none
 * for a frame quite out of view (the player reads the log: the board is fitted as a whole). */
function insetsIn(el: Element, band: Band): Insets {
  const r = el.getBoundingClientRect();
  if (r.bottom <= band.top || r.top >= band.bottom) return NO_INSETS;
  const top = Math.min(r.height / 2, Math.max(0, band.top - r.top));
  const bottom = Math.min(r.height / 2, Math.max(0, r.bottom - band.bottom));
  return { top, bottom, left: 0, right: 0 };
}

export interface PanZoomProps {
  box: Box;
  /** Accessible name of the board. */
  label: string;
  children: ComponentChildren;
  maxZoom?: number;
  class?: string;
  /** Labels of the zoom buttons, in the current language. */
  labels: { zoomIn: string; zoomOut: string; fit: string };
  /** Extra SVG defs (patterns, gradients). */
  defs?: ComponentChildren;
}

export function PanZoom(props: PanZoomProps) {
  const max = props.maxZoom ?? 4;
  const box = props.box;
  const boxKey = `${box.x},${box.y},${box.width},${box.height}`;
  const stage = useContext(StageContext);
  const [measured, setMeasured] = useState<Frame | null>(null);
  const frame = frameOf(measured, box);
  const [stored, setView] = useState<View>(() => fit(box));
  // The part of the board `stored` was taken on. Another part to show (Yspahan closes in on a
  // quarter) is shown whole from its first frame, then fitted to its targets.
  const storedKey = useRef(boxKey);
  // The part of the frame something covered when the view was fitted: the board's edge may go
  // under it, so that targets at the edge show clear of it.
  const slack = useRef<Insets>(NO_INSETS);
  const view = storedKey.current === boxKey ? clampView(stored, box, frame, max, slack.current) : fit(box);
  const svg = useRef<SVGSVGElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef({ moved: 0, dragging: false, pinch: 0, swallow: false });
  const lastEmptyTap = useRef<TapAt | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  const frameRef = useRef(frame);
  frameRef.current = frame;
  // The targets the view was last fitted to, and whether the player moved the view since.
  const fitted = useRef({ key: "", turn: "" as string | number, moved: false, frame: "" });

  listenForInput();
  const moveView = (next: View) => {
    fitted.current.moved = true; // the player's own pan or zoom: theirs to keep
    setView(next);
  };

  useLayoutEffect(() => {
    const el = svg.current;
    if (!el) return;
    if (storedKey.current !== boxKey) {
      storedKey.current = boxKey;
      fitted.current.key = "";
      setView(fit(box));
    }
    const size = { width: el.clientWidth, height: el.clientHeight };
    if (size.width > 0 && size.height > 0 && (!measured || Math.abs(size.width - measured.width) > 0.5 || Math.abs(size.height - measured.height) > 0.5)) {
      setMeasured(size);
      return; // drawn again in the new shape first; the targets are fitted then
    }
    if (size.width <= 0 || size.height <= 0) return;
    const { key, targets } = targetKey(el);
    const f = fitted.current;
    const fullKey = `${boxKey}\u0002${key}`;
    const sizeKey = `${size.width}x${size.height}`;
    const newStep = fullKey !== f.key || stage.turn !== f.turn;
    const resized = !newStep && sizeKey !== f.frame && !f.moved;
    if (!newStep && !resized) return;
    const ownStep = newStep && Date.now() - lastInput < OWN_STEP_MS;
    f.key = fullKey;
    f.turn = stage.turn;
    f.frame = sizeKey;
    if (!targets.length) {
      // Nothing to tap (the others' turn, a vote): the whole board, to watch what they do;
      // a view the player moved stays theirs.
      if (newStep && !f.moved) {
        const whole = fit(box);
        const v = viewRef.current;
        if (Math.abs(whole.scale - v.scale) > 1e-6 || Math.abs(whole.cx - v.cx) > 1e-6 || Math.abs(whole.cy - v.cy) > 1e-6) setView(whole);
      }
      return;
    }
    if (newStep) {
      f.moved = false;
      reveal(el, stage.band(), ownStep);
    }
    const toBox = screenToBoard(el);
    if (!toBox) return;
    const boxes = targets.map((t) => toBox(t.getBoundingClientRect()));
    const insets = insetsIn(el, stage.band());
    slack.current = insets;
    const next = fitTargets({ box, frame: size, targets: boxes, maxZoom: max, insets, current: viewRef.current });
    el.dataset.fits = String(Number(el.dataset.fits ?? 0) + 1);
    const v = viewRef.current;
    if (Math.abs(next.scale - v.scale) > 1e-6 || Math.abs(next.cx - v.cx) > 1e-6 || Math.abs(next.cy - v.cy) > 1e-6) setView(next);
  });

  useLayoutEffect(() => {
    // The page's layout moves the frame without a redraw of the board (a window resized, the
    // dock folded): measured again then.
    const el = svg.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(() => {
      const w = el.clientWidth;
      const h = el.clientHeight;
      setMeasured((m) => (m && Math.abs(m.width - w) <= 0.5 && Math.abs(m.height - h) <= 0.5 ? m : { width: w, height: h }));
    });
    watch.observe(el);
    return () => watch.disconnect();
  }, []);

  /** The board point under a client position. */
  const pointOf = (clientX: number, clientY: number): { x: number; y: number } => {
    const el = svg.current;
    const v = viewRef.current;
    if (!el) return { x: v.cx, y: v.cy };
    const rect = el.getBoundingClientRect();
    return toBoard(v, box, frameRef.current, clientX - rect.left, clientY - rect.top);
  };
  const unitsPerPixel = (): number => {
    const el = svg.current;
    if (!el || !el.clientWidth || !el.clientHeight) return 1;
    const v = viewRef.current;
    return Math.max(box.width / el.clientWidth, box.height / el.clientHeight) / v.scale;
  };

  const onPointerDown = (ev: PointerEvent) => {
    pointers.current.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (pointers.current.size === 1) gesture.current = { moved: 0, dragging: false, pinch: 0, swallow: false };
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      gesture.current.pinch = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      gesture.current.dragging = true;
    }
  };
  const onPointerMove = (ev: PointerEvent) => {
    const prev = pointers.current.get(ev.pointerId);
    if (!prev) return;
    const now = { x: ev.clientX, y: ev.clientY };
    pointers.current.set(ev.pointerId, now);
    const g = gesture.current;
    if (pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()];
      const dist = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      if (g.pinch > 0 && dist > 0) {
        const mid = pointOf((a!.x + b!.x) / 2, (a!.y + b!.y) / 2);
        moveView(zoomAt(viewRef.current, dist / g.pinch, mid.x, mid.y, box, frameRef.current, max));
      }
      g.pinch = dist;
      g.swallow = true;
      return;
    }
    g.moved += Math.hypot(now.x - prev.x, now.y - prev.y);
    if (!g.dragging && g.moved > DRAG_THRESHOLD && viewRef.current.scale > 1) {
      g.dragging = true;
      svg.current?.setPointerCapture?.(ev.pointerId);
    }
    if (g.dragging) {
      g.swallow = true;
      const upp = unitsPerPixel();
      const v = viewRef.current;
      moveView(clampView({ ...v, cx: v.cx - (now.x - prev.x) * upp, cy: v.cy - (now.y - prev.y) * upp }, box, frameRef.current, max, slack.current));
    }
  };
  const onPointerUp = (ev: PointerEvent) => {
    pointers.current.delete(ev.pointerId);
    if (pointers.current.size < 2) gesture.current.pinch = 0;
  };
  const onClickCapture = (ev: MouseEvent) => {
    if (gesture.current.swallow) {
      ev.stopPropagation();
      ev.preventDefault();
      gesture.current.swallow = false;
      return;
    }
    const el = svg.current;
    const on = ev.target instanceof Element ? ev.target : null;
    if (!el) return;
    // On a target (or a button drawn in the board): it acts, always.
    if (on && on.closest(TAPPABLE)) {
      lastEmptyTap.current = null;
      return;
    }
    // Beside the targets: the nearest one within its reach (toolkit/reach.ts).
    const target = nearestInReach(ev.clientX, ev.clientY, targetsOnScreen(el));
    ev.stopPropagation();
    ev.preventDefault();
    if (target) {
      lastEmptyTap.current = null;
      target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      return;
    }
    // On empty board: a second tap there soon after zooms in (at the deepest zoom: the whole board).
    const now = { x: ev.clientX, y: ev.clientY, time: ev.timeStamp || Date.now() };
    if (!isDoubleTap(lastEmptyTap.current, now)) {
      lastEmptyTap.current = now;
      return;
    }
    lastEmptyTap.current = null;
    const v = viewRef.current;
    if (v.scale >= max - 1e-3) {
      moveView(fit(box));
      return;
    }
    const p = pointOf(ev.clientX, ev.clientY);
    moveView(zoomAt(v, 2, p.x, p.y, box, frameRef.current, max));
  };
  const onWheel = (ev: WheelEvent) => {
    if (!ev.ctrlKey && viewRef.current.scale === 1 && ev.deltaY > 0) return; // let the page scroll
    ev.preventDefault();
    const p = pointOf(ev.clientX, ev.clientY);
    moveView(zoomAt(viewRef.current, ev.deltaY < 0 ? 1.2 : 1 / 1.2, p.x, p.y, box, frameRef.current, max));
  };
  useLayoutEffect(() => {
    const el = svg.current;
    if (!el) return;
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  });

  const zoomed = view.scale > 1.001;
  const button = (label: string, text: string, onClick: () => void, disabled: boolean) => (
    <button type="button" class="zoom-btn" aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      {text}
    </button>
  );
  return (
    <div class={`panzoom${props.class ? ` ${props.class}` : ""}`}>
      <svg
        ref={svg}
        class="board-svg"
        viewBox={viewBoxFor(view, box, frame)}
        preserveAspectRatio="xMidYMid meet"
        role="group"
        aria-label={props.label}
        data-scale={Math.round(view.scale * 100) / 100}
        style={{ touchAction: zoomed ? "none" : "pan-y", aspectRatio: `${Math.round(box.width * 100) / 100} / ${Math.round(box.height * 100) / 100}` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onClickCapture={onClickCapture}
      >
        {props.defs ? <defs>{props.defs}</defs> : null}
        {props.children}
      </svg>
      <div class="zoom-bar">
        {button(props.labels.zoomIn, "+", () => moveView(zoomAt(view, 1.5, view.cx, view.cy, box, frame, max)), view.scale >= max)}
        {button(props.labels.zoomOut, "−", () => moveView(zoomAt(view, 1 / 1.5, view.cx, view.cy, box, frame, max)), !zoomed)}
        {button(props.labels.fit, "⤢", () => moveView(fit(box)), !zoomed)}
      </div>
    </div>
  );
}
