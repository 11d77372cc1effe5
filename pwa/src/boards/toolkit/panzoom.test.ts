import { describe, expect, it } from "vitest";
import { clampView, fit, viewBoxFor, zoomAt } from "./panzoom";

const box = { x: 0, y: 0, width: 200, height: 100 };

describe("pan and zoom", () => {
  it("fits the whole board at zoom 1", () => {
    expect(viewBoxFor(fit(box), box)).toBe("0 0 200 100");
  });

  it("keeps the point under the fingers in place while zooming", () => {
    const v = zoomAt(fit(box), 2, 50, 25, box, 4);
    expect(v.scale).toBe(2);
    // Board point (50, 25) stays at the same fraction of the visible area.
    const [x, y, w, h] = viewBoxFor(v, box).split(" ").map(Number) as [number, number, number, number];
    expect((50 - x) / w).toBeCloseTo(50 / 200);
    expect((25 - y) / h).toBeCloseTo(25 / 100);
  });

  it("never shows beyond the board nor zooms out past it or in past the maximum", () => {
    expect(clampView({ scale: 2, cx: -500, cy: 900 }, box, 4)).toEqual({ scale: 2, cx: 50, cy: 75 });
    expect(clampView({ scale: 0.3, cx: 0, cy: 0 }, box, 4).scale).toBe(1);
    expect(zoomAt(fit(box), 100, 100, 50, box, 4).scale).toBe(4);
  });
});
