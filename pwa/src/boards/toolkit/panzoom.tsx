/** Pan and zoom for a board's SVG, by touch (drag, pinch), mouse (drag, wheel) and buttons
 * (+, −, fit: also the keyboard's way). A drag never counts as a tap: the click that ends a drag
 * is swallowed, so targets under the finger are not picked by accident. */

import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { Box } from "./hex";
import { crowded, MIN_TAP_PX, type Rect, resolveTap, zoomToReach } from "./reach";

export interface View {
  /** Zoom factor, 1 = the whole board. */
  scale: number;
  /** Centre of the visible part, in board units. */
  cx: number;
  cy: number;
}

export function fit(box: Box): View {
  return { scale: 1, cx: box.x + box.width / 2, cy: box.y + box.height / 2 };
}

/** Keeps the visible part inside the board and the zoom within [1, max]. */
export function clampView(v: View, box: Box, max: number): View {
  const scale = Math.min(max, Math.max(1, v.scale));
  const w = box.width / scale;
  const h = box.height / scale;
  const cx = Math.min(box.x + box.width - w / 2, Math.max(box.x + w / 2, v.cx));
  const cy = Math.min(box.y + box.height - h / 2, Math.max(box.y + h / 2, v.cy));
  return { scale, cx, cy };
}

/** The SVG viewBox showing `v` of `box`. */
export function viewBoxFor(v: View, box: Box): string {
  const w = box.width / v.scale;
  const h = box.height / v.scale;
  const r = (n: number) => Math.round(n * 100) / 100;
  return `${r(v.cx - w / 2)} ${r(v.cy - h / 2)} ${r(w)} ${r(h)}`;
}

/** Zooms by `factor` keeping board point (px, py) where it is on screen. */
export function zoomAt(v: View, factor: number, px: number, py: number, box: Box, max: number): View {
  const scale = Math.min(max, Math.max(1, v.scale * factor));
  const k = v.scale / scale;
  return clampView({ scale, cx: px + (v.cx - px) * k, cy: py + (v.cy - py) * k }, box, max);
}

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
  const [stored, setView] = useState<View>(() => fit(box));
  // The part of the board `stored` was taken on. Another part to show (Yspahan closes in on a
  // quarter) is shown whole from its first frame, and a closer look taken on the old part is
  // forgotten: restored, it would centre on the old part's middle and cut the new part's
  // targets off (a browser test caught one).
  const storedKey = useRef(boxKey);
  const view = storedKey.current === boxKey ? stored : fit(box);
  const svg = useRef<SVGSVGElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef({ moved: 0, dragging: false, pinch: 0, swallow: false });
  const viewRef = useRef(view);
  viewRef.current = view;
  // The view before a toss-up zoom (below), while the player has not moved the view since.
  const before = useRef<View | null>(null);
  useEffect(() => {
    if (storedKey.current === boxKey) return;
    storedKey.current = boxKey;
    before.current = null;
    setView(fit(box));
  }, [boxKey]);
  useEffect(() => {
    // A toss-up's closer look lasts while it shows targets: once the next move's targets all
    // lie outside it, the view the player had comes back.
    const el = svg.current;
    if (!el || !before.current || !el.querySelector(".target") || targetsOnScreen(el).length) return;
    setView(before.current);
    before.current = null;
  });
  const moveView = (next: View) => {
    before.current = null; // the player's own pan or zoom: theirs to keep
    setView(next);
  };

  const unitsPerPixel = (): number => {
    const el = svg.current;
    if (!el || !el.clientWidth || !el.clientHeight) return 1;
    const v = viewRef.current;
    return Math.max(box.width / v.scale / el.clientWidth, box.height / v.scale / el.clientHeight);
  };
  const toBoard = (clientX: number, clientY: number): { x: number; y: number } => {
    const el = svg.current;
    const v = viewRef.current;
    if (!el) return { x: v.cx, y: v.cy };
    const rect = el.getBoundingClientRect();
    const upp = unitsPerPixel();
    return {
      x: v.cx + (clientX - rect.left - rect.width / 2) * upp,
      y: v.cy + (clientY - rect.top - rect.height / 2) * upp,
    };
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
        const mid = toBoard((a!.x + b!.x) / 2, (a!.y + b!.y) / 2);
        moveView(zoomAt(viewRef.current, dist / g.pinch, mid.x, mid.y, box, max));
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
      moveView(clampView({ ...v, cx: v.cx - (now.x - prev.x) * upp, cy: v.cy - (now.y - prev.y) * upp }, box, max));
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
    const zoomedIn = viewRef.current.scale >= max - 1e-3;
    const hit = on?.closest(".target");
    if (hit) {
      // Squarely on a target: picked, unless it is small among others and this is a finger's
      // or a mouse's tap (`detail` 0: the keyboard or a screen reader, which mean that one).
      const all = targetsOnScreen(el);
      const rect = hit.getBoundingClientRect();
      const others = all.filter((t) => t.target !== hit).map((t) => t.rect);
      if (zoomedIn || ev.detail === 0 || !crowded(ev.clientX, ev.clientY, rect, others)) return;
      const near = others.filter((r) => Math.hypot(r.left + r.width / 2 - ev.clientX, r.top + r.height / 2 - ev.clientY) < 2 * MIN_TAP_PX);
      zoomForTossUp(ev, Math.min(rect.width, rect.height, ...near.map((r) => Math.min(r.width, r.height))));
      return;
    }
    if (on && on.closest(TAPPABLE)) return;
    // Beside the targets: the nearest one within its reach (toolkit/reach.ts), or, between two
    // about as near, a closer look where the finger was rather than a guess.
    const tap = resolveTap(ev.clientX, ev.clientY, targetsOnScreen(el));
    if (tap.kind === "none") return;
    ev.stopPropagation();
    ev.preventDefault();
    if (tap.kind === "pick" || zoomedIn) {
      // At the deepest zoom a toss-up goes to the nearest: nothing closer to look at.
      const target = tap.kind === "pick" ? tap.target : tap.near[0]!.target;
      target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      return;
    }
    zoomForTossUp(ev, Math.min(...tap.near.map((n) => Math.min(n.target.getBoundingClientRect().width, n.target.getBoundingClientRect().height))));
  };
  /** A closer look where the finger was, enough to draw `smallestPx` at a finger's size. The
   * svg's `data-tossups` counts these (browser tests tap again after one). */
  const zoomForTossUp = (ev: MouseEvent, smallestPx: number) => {
    ev.stopPropagation();
    ev.preventDefault();
    const el = svg.current;
    if (el) el.dataset.tossups = String(Number(el.dataset.tossups ?? 0) + 1);
    const p = toBoard(ev.clientX, ev.clientY);
    before.current ??= viewRef.current;
    setView(zoomAt(viewRef.current, zoomToReach(smallestPx), p.x, p.y, box, max));
  };
  const onWheel = (ev: WheelEvent) => {
    if (!ev.ctrlKey && viewRef.current.scale === 1 && ev.deltaY > 0) return; // let the page scroll
    ev.preventDefault();
    const p = toBoard(ev.clientX, ev.clientY);
    moveView(zoomAt(viewRef.current, ev.deltaY < 0 ? 1.2 : 1 / 1.2, p.x, p.y, box, max));
  };
  useEffect(() => {
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
        viewBox={viewBoxFor(view, box)}
        preserveAspectRatio="xMidYMid meet"
        role="group"
        aria-label={props.label}
        style={{ touchAction: zoomed ? "none" : "pan-y" }}
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
        {button(props.labels.zoomIn, "+", () => moveView(zoomAt(view, 1.5, view.cx, view.cy, box, max)), view.scale >= max)}
        {button(props.labels.zoomOut, "−", () => moveView(zoomAt(view, 1 / 1.5, view.cx, view.cy, box, max)), !zoomed)}
        {button(props.labels.fit, "⤢", () => moveView(fit(box)), !zoomed)}
      </div>
    </div>
  );
}
