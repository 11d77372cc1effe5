import { describe, expect, it } from "vitest";
import { evenQToAxial, hexBounds, hexCorners, hexDistance, hexToPixel, neighbours, oddRToAxial, pixelToHex, viewBoxOf } from "./hex";
import { cellAt, cellCenter, gridBounds, run } from "./square";

describe("hex geometry", () => {
  it("round-trips hex centres through pixels in both orientations", () => {
    for (const o of ["pointy", "flat"] as const)
      for (let q = -3; q <= 3; q++)
        for (let r = -3; r <= 3; r++) expect(pixelToHex(hexToPixel({ q, r }, 10, o), 10, o)).toEqual({ q, r });
  });

  it("puts neighbours one hex away and corners at the size", () => {
    for (const n of neighbours({ q: 2, r: -1 })) expect(hexDistance(n, { q: 2, r: -1 })).toBe(1);
    const c = hexToPixel({ q: 1, r: 1 }, 20);
    for (const p of hexCorners(c, 20)) expect(Math.hypot(p.x - c.x, p.y - c.y)).toBeCloseTo(20);
  });

  it("converts offset coordinates to axial", () => {
    expect(oddRToAxial(0, 0)).toEqual({ q: 0, r: 0 });
    expect(oddRToAxial(3, 1)).toEqual({ q: 3, r: 1 });
    expect(oddRToAxial(3, 2)).toEqual({ q: 2, r: 2 });
    expect(evenQToAxial(1, 2)).toEqual({ q: 1, r: 1 });
  });

  it("frames a set of hexes with their corners inside the box", () => {
    const hexes = [{ q: 0, r: 0 }, { q: 4, r: 2 }];
    const box = hexBounds(hexes, 10, "pointy", 0);
    for (const h of hexes)
      for (const p of hexCorners(hexToPixel(h, 10), 10)) {
        expect(p.x).toBeGreaterThanOrEqual(box.x - 1e-9);
        expect(p.x).toBeLessThanOrEqual(box.x + box.width + 1e-9);
        expect(p.y).toBeGreaterThanOrEqual(box.y - 1e-9);
        expect(p.y).toBeLessThanOrEqual(box.y + box.height + 1e-9);
      }
    expect(viewBoxOf({ x: 1.234, y: 0, width: 10, height: 5 })).toBe("1.23 0 10 5");
  });
});

describe("square grid", () => {
  it("finds cells and runs of cells", () => {
    expect(cellCenter(2, 1, 10, 2)).toEqual({ x: 29, y: 17 });
    expect(cellAt({ x: 29, y: 17 }, 10, 2)).toEqual([2, 1]);
    expect(cellAt({ x: 10.5, y: 3 }, 10, 2)).toBeNull();
    expect(run(5, 5, "N", 3)).toEqual([[5, 4], [5, 3], [5, 2]]);
    expect(gridBounds(15, 15, 10, 0, 5)).toEqual({ x: -5, y: -5, width: 160, height: 160 });
  });
});
