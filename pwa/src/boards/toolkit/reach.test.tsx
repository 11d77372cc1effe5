// @vitest-environment happy-dom
import { render } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import { PanZoom } from "./panzoom";
import { distanceToRect, isDoubleTap, MIN_TAP_PX, nearestInReach, reachOf, withinReach } from "./reach";
import { StageContext } from "./stage";
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
      expect(nearestInReach(100 + dx, 100 + dy, [hex!])).toBe("t0");
    }
    expect(nearestInReach(123, 100, [hex!])).toBeNull();
  });

  it("picks the nearest where reaches overlap, even about halfway between two", () => {
    const corners = row(2, 22, 30); // Catan corners: 22 px, 30 px apart
    expect(withinReach(112, 100, corners).map((r) => r.target)).toEqual(["t0", "t1"]);
    expect(nearestInReach(112, 100, corners)).toBe("t0");
    expect(nearestInReach(118, 100, corners)).toBe("t1");
    const cells = row(2, 22, 26); // Drunter cells with a gap of 4 px: a guess, never a zoom
    expect(nearestInReach(112.5, 100, cells)).toBe("t0");
    expect(nearestInReach(113.5, 100, cells)).toBe("t1");
  });
});

describe("a double tap", () => {
  it("is a second tap on empty board soon after and near the first", () => {
    const first = { x: 100, y: 100, time: 1000 };
    expect(isDoubleTap(first, { x: 110, y: 104, time: 1250 })).toBe(true);
    expect(isDoubleTap(first, { x: 100, y: 100, time: 1500 })).toBe(false); // too late
    expect(isDoubleTap(first, { x: 160, y: 100, time: 1100 })).toBe(false); // elsewhere
    expect(isDoubleTap(null, first)).toBe(false);
  });
});

type Rectish = { left: number; top: number; width: number; height: number };
const domRect = ({ left, top, width, height }: Rectish) =>
  ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;

describe("taps on a board", () => {
  const box = { x: 0, y: 0, width: 400, height: 200 };
  const labels = { zoomIn: "+", zoomOut: "-", fit: "fit" };

  /** Targets drawn at screen x `at[name]`, 16 px across (happy-dom lays nothing out: the boxes
   * are given), a plain shape under them, and what was picked. */
  function board(at: Record<string, number> = { a: 100, b: 200 }) {
    const picked: string[] = [];
    const root = document.createElement("div");
    document.body.appendChild(root);
    const draw = (turn = 1, names = Object.keys(at)) =>
      render(
        <StageContext.Provider value={{ band: () => ({ top: 0, bottom: 800 }), turn }}>
          <PanZoom box={box} label="board" labels={labels}>
            <rect class="paper" x={0} y={0} width={400} height={200} />
            {names.map((name) => (
              <g key={name} data-name={name} {...(targetProps({ label: name, onPick: () => picked.push(name) }) as Record<string, unknown>)}>
                <circle class="hl" cx={at[name]} cy={100} r={8} />
              </g>
            ))}
          </PanZoom>
        </StageContext.Provider>,
        root,
      );
    draw();
    const svg = root.querySelector("svg")!;
    svg.getBoundingClientRect = () => domRect({ left: 0, top: 0, width: 400, height: 200 });
    const place = () => {
      for (const g of root.querySelectorAll(".target")) {
        // Where the target is drawn under the current viewBox (board = screen at zoom 1).
        const [vx, vy, vw] = (svg.getAttribute("viewBox") ?? "0 0 400 200").split(" ").map(Number) as [number, number, number];
        const s = 400 / vw;
        const x = at[g.getAttribute("data-name")!]!;
        g.getBoundingClientRect = () => domRect({ left: (x - 8 - vx) * s, top: (92 - vy) * s, width: 16 * s, height: 16 * s });
      }
    };
    place();
    return { root, picked, svg, background: root.querySelector(".paper")!, draw, place };
  }

  // `detail` 1: a finger's or a mouse's tap (the keyboard's and a screen reader's have 0).
  const tapAt = (el: Element, x: number, y: number, timeStamp?: number) => {
    const ev = new MouseEvent("click", { bubbles: true, cancelable: true, clientX: x, clientY: y, detail: 1 });
    if (timeStamp !== undefined) Object.defineProperty(ev, "timeStamp", { value: timeStamp });
    el.dispatchEvent(ev);
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

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

  it("leaves a single tap out of every reach alone", () => {
    const { picked, svg, background } = board();
    tapAt(background, 150, 100, 1000); // 42 px from both edges
    expect(picked).toEqual([]);
    expect(svg.getAttribute("viewBox")).toBe("0 0 400 200");
  });

  it("acts on the first tap on a small target among others: it is never a zoom", async () => {
    const { picked, svg, root } = board({ a: 100, b: 117 }); // side by side, 16 px each
    await settle();
    tapAt(root.querySelector("[data-name=a] circle")!, 100, 100);
    await settle();
    expect(picked).toEqual(["a"]);
    expect(svg.getAttribute("viewBox")).toBe("0 0 400 200");
  });

  it("picks the nearer of two about as near, never zooming instead", async () => {
    const { picked, svg, background } = board({ a: 100, b: 120 }); // 4 px apart
    await settle();
    tapAt(background, 109, 100);
    await settle();
    expect(picked).toEqual(["a"]);
    expect(svg.getAttribute("viewBox")).toBe("0 0 400 200");
  });

  it("zooms in where a double tap on empty board lands, and back out at the deepest zoom", async () => {
    const { picked, svg, background } = board();
    tapAt(background, 300, 40, 1000);
    tapAt(background, 302, 42, 1200);
    await settle();
    expect(picked).toEqual([]);
    expect(svg.dataset.scale).toBe("2");
    tapAt(background, 302, 42, 2000);
    tapAt(background, 302, 42, 2100);
    await settle();
    expect(svg.dataset.scale).toBe("4");
    tapAt(background, 302, 42, 3000);
    tapAt(background, 302, 42, 3100);
    await settle();
    expect(svg.dataset.scale).toBe("1");
  });

  it("fits the view to the step's targets, once per step and again on a new turn", async () => {
    const { svg, draw, place } = board({ a: 180, b: 200 });
    Object.defineProperty(svg, "clientWidth", { value: 400, configurable: true });
    Object.defineProperty(svg, "clientHeight", { value: 200, configurable: true });
    draw(1);
    await settle();
    // 16 px at zoom 1: zoomed to draw them 32 px and one (33: 2.06), both in view.
    expect(svg.dataset.fits).toBe("1");
    expect(svg.dataset.scale).toBe("2.06");
    const [x, , w] = svg.getAttribute("viewBox")!.split(" ").map(Number) as [number, number, number];
    expect(x).toBeLessThanOrEqual(172);
    expect(x + w).toBeGreaterThanOrEqual(208);
    place();
    draw(1); // a redraw of the same step: the view stays
    await settle();
    expect(svg.dataset.fits).toBe("1");
    draw(2); // a new turn, the same spaces lit: fitted again (the view already does the job)
    await settle();
    expect(svg.dataset.fits).toBe("2");
    expect(svg.dataset.scale).toBe("2.06");
    draw(2, ["a"]); // the next step of the move: only a
    await settle();
    expect(svg.dataset.fits).toBe("3");
  });

  it("shows the whole board when the next step has nothing to tap, unless the player moved it", async () => {
    const { svg, draw, background } = board({ a: 180, b: 200 });
    Object.defineProperty(svg, "clientWidth", { value: 400, configurable: true });
    Object.defineProperty(svg, "clientHeight", { value: 200, configurable: true });
    draw(1);
    await settle();
    expect(svg.dataset.scale).toBe("2.06"); // fitted to a and b
    draw(2, []); // the others' turn: nothing to tap
    await settle();
    expect(svg.getAttribute("viewBox")).toBe("0 0 400 200");
    draw(3); // lit again, then zoomed by the player's own double tap, then nothing to tap
    await settle();
    tapAt(background, 300, 40, 5000);
    tapAt(background, 302, 42, 5200);
    await settle();
    const theirs = svg.getAttribute("viewBox");
    draw(4, []);
    await settle();
    expect(svg.getAttribute("viewBox")).toBe(theirs);
  });
});
