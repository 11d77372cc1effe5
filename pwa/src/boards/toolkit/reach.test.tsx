// @vitest-environment happy-dom
import { render } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import { PanZoom } from "./panzoom";
import { crowded, distanceToRect, MIN_TAP_PX, reachOf, resolveTap, withinReach, zoomToReach } from "./reach";
import { targetProps } from "./targets";

/** A row of targets `size` px across, centres `step` px apart, from x = 100. */
function row(n: number, size: number, step: number): { target: string; rect: { left: number; top: number; width: number; height: number } }[] {
  return Array.from({ length: n }, (_, i) => ({
    target: `t${i}`,
    rect: { left: 100 + i * step - size / 2, top: 100 - size / 2, width: size, height: size },
  }));
}

describe("the reach of a tap target", () => {
  it("measures to the drawn box, zero on it", () => {
    const r = { left: 10, top: 10, width: 20, height: 10 };
    expect(distanceToRect(15, 15, r)).toBe(0);
    expect(distanceToRect(33, 14, r)).toBe(3);
    expect(distanceToRect(33, 24, r)).toBe(5); // 3 across, 4 down
  });

  it("grows a small target to the comfortable size and leaves a large one as drawn", () => {
    expect(reachOf({ left: 0, top: 0, width: 17, height: 17 })).toBe((MIN_TAP_PX - 17) / 2);
    // A road: long and thin, so its narrow side decides.
    expect(reachOf({ left: 0, top: 0, width: 60, height: 6 })).toBe((MIN_TAP_PX - 6) / 2);
    expect(reachOf({ left: 0, top: 0, width: 60, height: 50 })).toBe(0);
  });

  it("gives a 17-px hex (Samurai, four players) a hit area at least 44 px across", () => {
    const [hex] = row(1, 17, 0);
    // 21 px left, right, up or down of the centre still reaches it; 23 px does not.
    for (const [dx, dy] of [[21, 0], [-21, 0], [0, 21], [0, -21]] as const) {
      expect(resolveTap(100 + dx, 100 + dy, [hex!])).toEqual({ kind: "pick", target: "t0" });
    }
    expect(resolveTap(123, 100, [hex!])).toEqual({ kind: "none" });
  });

  it("picks the nearest where reaches overlap", () => {
    const corners = row(2, 22, 30); // Catan corners: 22 px, 30 px apart
    expect(withinReach(112, 100, corners).map((r) => r.target)).toEqual(["t0", "t1"]);
    expect(resolveTap(112, 100, corners)).toEqual({ kind: "pick", target: "t0" });
    expect(resolveTap(118, 100, corners)).toEqual({ kind: "pick", target: "t1" });
    expect(withinReach(145, 100, corners).map((r) => r.target)).toEqual(["t1"]);
  });

  it("calls a tap about as near to two targets a toss-up, and zooms enough to tell them apart", () => {
    const cells = row(2, 22, 26); // Drunter cells with a gap of 4 px
    const tap = resolveTap(113, 100, cells);
    expect(tap.kind).toBe("unsure");
    expect(tap.kind === "unsure" && tap.near.map((r) => r.target)).toEqual(["t0", "t1"]);
    expect(22 * zoomToReach(22)).toBeGreaterThanOrEqual(MIN_TAP_PX);
    expect(zoomToReach(60)).toBe(1.5);
  });
});

describe("a tap squarely on a small target among others", () => {
  const hex = (cx: number) => ({ left: cx - 8.5, top: 91.5, width: 17, height: 17 });

  it("is a toss-up among Samurai's lit hexes side by side, and not for a lone or a large one", () => {
    expect(crowded(100, 100, hex(100), [hex(117)])).toBe(true);
    expect(crowded(100, 100, hex(100), [hex(160)])).toBe(false);
    const big = { left: 70, top: 70, width: 60, height: 60 };
    expect(crowded(100, 100, big, [hex(140)])).toBe(false);
  });
});

describe("taps beside the targets on a board", () => {
  const box = { x: 0, y: 0, width: 400, height: 200 };
  const labels = { zoomIn: "+", zoomOut: "-", fit: "fit" };

  /** Two 16-px targets drawn at screen x 100 and 200 (happy-dom lays nothing out: the boxes
   * are given), a plain shape under them, and what was picked. */
  function board(): { root: HTMLElement; picked: string[]; svg: SVGSVGElement; background: Element; redraw: (b: typeof box) => void } {
    const picked: string[] = [];
    const root = document.createElement("div");
    document.body.appendChild(root);
    const redraw = (b: typeof box) =>
      render(
        <PanZoom box={b} label="board" labels={labels}>
          <rect class="paper" x={0} y={0} width={400} height={200} />
          {["a", "b"].map((name, i) => (
            <g key={name} data-name={name} {...(targetProps({ label: name, onPick: () => picked.push(name) }) as Record<string, unknown>)}>
              <circle class="hl" cx={100 + i * 100} cy={100} r={8} />
            </g>
          ))}
        </PanZoom>,
        root,
      );
    redraw(box);
    const svg = root.querySelector("svg")!;
    const rectOf = (left: number, top: number, width: number, height: number) => () =>
      ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
    svg.getBoundingClientRect = rectOf(0, 0, 400, 200);
    for (const g of root.querySelectorAll(".target")) {
      const x = g.getAttribute("data-name") === "a" ? 100 : 200;
      g.getBoundingClientRect = rectOf(x - 8, 92, 16, 16);
    }
    return { root, picked, svg, background: root.querySelector(".paper")!, redraw };
  }

  // `detail` 1: a finger's or a mouse's tap (the keyboard's and a screen reader's have 0).
  const tapAt = (el: Element, x: number, y: number, detail = 1) =>
    el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, clientX: x, clientY: y, detail }));

  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("picks the target whose reach the tap falls in", () => {
    const { picked, background } = board();
    tapAt(background, 118, 104); // 10 px right of a's drawn edge
    expect(picked).toEqual(["a"]);
    tapAt(background, 186, 100);
    expect(picked).toEqual(["a", "b"]);
  });

  it("leaves a tap out of every reach alone", () => {
    const { picked, svg, background } = board();
    tapAt(background, 150, 100); // 42 px from both edges
    expect(picked).toEqual([]);
    expect(svg.getAttribute("viewBox")).toBe("0 0 400 200");
  });

  it("still picks the one drawn under the finger", () => {
    const { picked, root } = board();
    tapAt(root.querySelector("[data-name=b] circle")!, 200, 100);
    expect(picked).toEqual(["b"]);
  });

  it("zooms in first when the target under the finger is small and crowded, not for a screen reader", async () => {
    const { picked, svg, root } = board();
    for (const g of root.querySelectorAll(".target")) {
      const x = g.getAttribute("data-name") === "a" ? 100 : 117; // side by side
      g.getBoundingClientRect = () => ({ left: x - 8, top: 92, width: 16, height: 16, right: x + 8, bottom: 108, x: x - 8, y: 92, toJSON: () => ({}) }) as DOMRect;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const a = root.querySelector("[data-name=a] circle")!;
    tapAt(a, 100, 100, 0); // a screen reader's activation means that one
    expect(picked).toEqual(["a"]);
    tapAt(a, 100, 100);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(picked).toEqual(["a"]);
    expect(svg.dataset.tossups).toBe("1");
    expect(svg.getAttribute("viewBox")).not.toBe("0 0 400 200");
  });

  it("zooms in where the finger was when two targets are about as near", async () => {
    const { picked, svg, root, background } = board();
    for (const g of root.querySelectorAll(".target")) {
      const x = g.getAttribute("data-name") === "a" ? 100 : 120; // 4 px apart
      g.getBoundingClientRect = () => ({ left: x - 8, top: 92, width: 16, height: 16, right: x + 8, bottom: 108, x: x - 8, y: 92, toJSON: () => ({}) }) as DOMRect;
    }
    await new Promise((resolve) => setTimeout(resolve, 50)); // the board's first effects run
    tapAt(background, 110, 100);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the redraw
    expect(picked).toEqual([]);
    expect(svg.getAttribute("viewBox")).not.toBe("0 0 400 200");
  });

  it("forgets a closer look when the board shows another part (Yspahan's quarter), not restoring it there", async () => {
    const { svg, root, redraw } = board();
    for (const g of root.querySelectorAll(".target")) {
      const x = g.getAttribute("data-name") === "a" ? 100 : 117; // side by side: a toss-up
      g.getBoundingClientRect = () => ({ left: x - 8, top: 92, width: 16, height: 16, right: x + 8, bottom: 108, x: x - 8, y: 92, toJSON: () => ({}) }) as DOMRect;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    tapAt(root.querySelector("[data-name=a] circle")!, 100, 100);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(svg.dataset.tossups).toBe("1");
    // The next step shows a quarter of the board, its targets outside the closer look.
    for (const g of root.querySelectorAll(".target")) {
      g.getBoundingClientRect = () => ({ left: 500, top: 500, width: 16, height: 16, right: 516, bottom: 516, x: 500, y: 500, toJSON: () => ({}) }) as DOMRect;
    }
    redraw({ x: 0, y: 100, width: 200, height: 100 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(svg.getAttribute("viewBox")).toBe("0 100 200 100"); // the quarter, whole
  });
});
