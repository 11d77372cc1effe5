import { describe, expect, it } from "vitest";
import { clampView, fit, fitTargets, showsAll, toBoard, unitsPerPx, viewBoxFor, visibleBox, zoomAt } from "./viewport";

const box = { x: 0, y: 0, width: 200, height: 100 };
const wide = { width: 200, height: 100 }; // a frame in the board's own shape
const tall = { width: 360, height: 480 }; // a phone's frame beside the dock

describe("pan and zoom in a frame of any shape", () => {
  it("fits the whole board at zoom 1, centred along the frame's longer side", () => {
    expect(viewBoxFor(fit(box), box, wide)).toBe("0 0 200 100");
    // 360 × 480 px: the board's width fills it, its height is centred in 266.67 units.
    const [x, y, w, h] = viewBoxFor(fit(box), box, tall).split(" ").map(Number) as [number, number, number, number];
    expect([x, w]).toEqual([0, 200]);
    expect(h).toBeCloseTo(266.67, 1);
    expect(y + h / 2).toBeCloseTo(50, 1);
  });

  it("keeps the point under the fingers in place while zooming", () => {
    const v = zoomAt(fit(box), 2, 50, 25, box, wide, 4);
    expect(v.scale).toBe(2);
    const [x, y, w, h] = viewBoxFor(v, box, wide).split(" ").map(Number) as [number, number, number, number];
    expect((50 - x) / w).toBeCloseTo(50 / 200);
    expect((25 - y) / h).toBeCloseTo(25 / 100);
  });

  it("never shows beyond the board nor zooms out past it or in past the maximum", () => {
    expect(clampView({ scale: 2, cx: -500, cy: 900 }, box, wide, 4)).toEqual({ scale: 2, cx: 50, cy: 75 });
    expect(clampView({ scale: 0.3, cx: 0, cy: 0 }, box, wide, 4).scale).toBe(1);
    expect(zoomAt(fit(box), 100, 100, 50, box, wide, 4).scale).toBe(4);
    // In a tall frame at zoom 2 the visible part is still taller than the board: the board's
    // whole height stays in view.
    const v = clampView({ scale: 2, cx: 10, cy: 0 }, box, tall, 4);
    expect(v.cx).toBe(50);
    const seen = visibleBox(v, box, tall);
    expect(seen.y).toBeLessThanOrEqual(0);
    expect(seen.y + seen.height).toBeGreaterThanOrEqual(box.height);
  });

  it("maps a pixel of the frame to the board point under it", () => {
    const v = { scale: 2, cx: 100, cy: 50 };
    expect(toBoard(v, box, wide, 100, 50)).toEqual({ x: 100, y: 50 });
    expect(toBoard(v, box, wide, 0, 0)).toEqual({ x: 50, y: 25 });
  });
});

describe("fitting the view to a step's targets", () => {
  const map = { x: 0, y: 0, width: 424, height: 290 }; // Samurai with four players
  const hex = (x: number, y: number, size = 17) => ({ x: x - size / 2, y: y - size / 2, width: size, height: size });
  const drawnPx = (scale: number, units: number, frame = tall) => units / unitsPerPx(map, frame, scale);

  it("shows the whole board when the targets are spread over it and large enough", () => {
    const corners = [hex(20, 20, 60), hex(400, 270, 60)];
    expect(fitTargets({ box: map, frame: tall, targets: corners, maxZoom: 4 })).toEqual(fit(map));
  });

  it("zooms in on a cluster of small targets until the smallest is drawn 32 px (and one), all in view", () => {
    const lit = [hex(200, 140), hex(217, 140), hex(208, 155)];
    const v = fitTargets({ box: map, frame: tall, targets: lit, maxZoom: 4 });
    expect(drawnPx(v.scale, 17)).toBeCloseTo(33, 5); // just enough, so the most of the map stays in view
    expect(showsAll(v, map, tall, lit)).toBe(true);
  });

  it("zooms out of a closer look the targets do not fit in", () => {
    const lit = [hex(30, 40), hex(390, 260)];
    const v = fitTargets({ box: map, frame: tall, targets: lit, maxZoom: 4, current: { scale: 3, cx: 100, cy: 100 } });
    expect(showsAll(v, map, tall, lit)).toBe(true);
    expect(v.scale).toBeLessThan(3);
  });

  it("shows every target when they cannot all be drawn 32 px: as large as still fits them", () => {
    const lit = [hex(20, 145, 8), hex(404, 145, 8)]; // 8 units: under 32 px at zoom 1
    const v = fitTargets({ box: map, frame: tall, targets: lit, maxZoom: 4 });
    expect(showsAll(v, map, tall, lit)).toBe(true);
    expect(drawnPx(v.scale, 8)).toBeLessThan(32);
    expect(v.scale).toBeGreaterThanOrEqual(1);
  });

  it("keeps the targets out of the part of the frame something covers", () => {
    const lit = [hex(212, 280), hex(230, 280)]; // at the board's bottom edge
    const insets = { top: 0, right: 0, bottom: 120, left: 0 };
    const v = fitTargets({ box: map, frame: tall, targets: lit, maxZoom: 4, insets });
    expect(showsAll(v, map, tall, lit, insets)).toBe(true);
  });

  it("keeps the player's view when it already shows every target at a tappable size", () => {
    const lit = [hex(200, 140), hex(217, 140)];
    const mine = { scale: 3.2, cx: 205, cy: 140 };
    expect(fitTargets({ box: map, frame: tall, targets: lit, maxZoom: 4, current: mine })).toEqual(mine);
    // The same view, but the targets of the next step lie elsewhere: fitted to them.
    const elsewhere = [hex(40, 30), hex(60, 30)];
    const v = fitTargets({ box: map, frame: tall, targets: elsewhere, maxZoom: 4, current: mine });
    expect(showsAll(v, map, tall, elsewhere)).toBe(true);
  });

  it("stays on the board: a target at its corner is shown with the corner, not centred", () => {
    const lit = [hex(12, 12)];
    const v = fitTargets({ box: map, frame: tall, targets: lit, maxZoom: 4 });
    const seen = visibleBox(v, map, tall);
    expect(seen.x).toBeGreaterThanOrEqual(-1e-9);
    expect(showsAll(v, map, tall, lit)).toBe(true);
  });

  it("never zooms past the maximum, even for a single tiny target", () => {
    const v = fitTargets({ box: map, frame: tall, targets: [hex(200, 140, 1)], maxZoom: 4 });
    expect(v.scale).toBe(4);
  });

  it("without targets leaves the view as it is", () => {
    const mine = { scale: 3, cx: 150, cy: 120 };
    expect(fitTargets({ box: map, frame: tall, targets: [], maxZoom: 4, current: mine })).toEqual(mine);
    expect(fitTargets({ box: map, frame: tall, targets: [], maxZoom: 4 })).toEqual(fit(map));
  });
});
