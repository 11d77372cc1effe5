import { describe, expect, it } from "vitest";
import type { Command } from "../../types";
import { keyOf, narrow, Picker, sameCommand, valuesOf } from "./picker";

const legal: Command[] = [
  { type: "place_tile", tile: "samurai2", hex: 12 },
  { type: "place_tile", tile: "samurai2", hex: 13 },
  { type: "place_tile", tile: "ship1", hex: 40 },
  { type: "place_tile", tile: "ship1", hex: 41 },
  { type: "place_tile", tile: "ship1", hex: 42 },
  { type: "end_turn" },
];
const steps = ["type", "tile", "hex"];

describe("picker", () => {
  it("gives object values one identity whatever the key order", () => {
    expect(keyOf({ a: 1, b: [1, 2] })).toBe(keyOf({ b: [1, 2], a: 1 }));
    expect(keyOf([1, 2])).not.toBe(keyOf([2, 1]));
  });

  it("lists the distinct values a step takes, in first-seen order", () => {
    expect(valuesOf(legal, "tile")).toEqual(["samurai2", "ship1"]);
    expect(valuesOf(legal, { key: "q", get: (c) => (typeof c.hex === "number" ? c.hex % 2 : undefined) })).toEqual([0, 1]);
  });

  it("narrows to the commands agreeing with every choice", () => {
    const left = narrow(legal, steps, new Map([["tile", "ship1"]]));
    expect(left.map((c) => c.hex)).toEqual([40, 41, 42]);
  });

  it("offers only the chosen piece's legal spots next", () => {
    const p = new Picker();
    p.set("type", "place_tile", steps);
    p.set("tile", "samurai2", steps);
    const next = p.next(legal, steps);
    expect(next?.step).toBe("hex");
    expect(next?.values).toEqual([12, 13]);
    expect(p.complete(legal, steps)).toBeNull();
    p.set("hex", 13, steps);
    expect(p.complete(legal, steps)).toEqual({ type: "place_tile", tile: "samurai2", hex: 13 });
  });

  it("skips a step with a single possible value", () => {
    const p = new Picker();
    p.set("type", "place_tile", steps);
    const one = [legal[0]!, legal[1]!];
    expect(p.next(one, steps)?.step).toBe("hex");
  });

  it("forgets later choices when an earlier one changes", () => {
    const p = new Picker();
    p.set("type", "place_tile", steps);
    p.set("tile", "ship1", steps);
    p.set("hex", 41, steps);
    p.set("tile", "samurai2", steps);
    expect(p.has("hex")).toBe(false);
  });

  it("toggles a choice off when chosen again, and resets when the legal commands change", () => {
    const p = new Picker();
    p.sync(legal);
    p.choose("tile", "ship1");
    p.choose("tile", "ship1");
    expect(p.has("tile")).toBe(false);
    p.choose("tile", "ship1");
    // Another version with the same commands (another seat moved): the choice stands.
    p.sync(legal.map((c) => ({ ...c })));
    expect(p.has("tile")).toBe(true);
    p.sync(legal.slice(1));
    expect(p.has("tile")).toBe(false);
    p.choose("tile", "ship1");
    p.sync([]);
    expect(p.has("tile")).toBe(false);
  });

  it("tells equal commands apart from different ones", () => {
    expect(sameCommand({ type: "a", x: [1, 2] }, { x: [1, 2], type: "a" })).toBe(true);
    expect(sameCommand({ type: "a", x: 1 }, { type: "a", x: 2 })).toBe(false);
    expect(sameCommand(null, { type: "a" })).toBe(false);
  });

  it("narrows hundreds of commands by successive choices without listing them", () => {
    // Java-like: 850 commands; after choosing a tile and a first cell a handful remain.
    const many: Command[] = [];
    for (const tile of ["three", "two", "rice", "village"])
      for (let q = 0; q < 15; q++) for (let r = 0; r < 15; r++) if (many.length < 850) many.push({ type: "lay_land", tile, cell: [q, r], rot: (q + r) % 3 });
    const s = ["type", "tile", "cell", "rot"];
    const p = new Picker();
    p.set("type", "lay_land", s);
    expect(p.next(many, s)?.values).toHaveLength(4);
    p.set("tile", "two", s);
    p.set("cell", [3, 4], s);
    expect(p.remaining(many, s)).toHaveLength(1);
    expect(p.complete(many, s)).toEqual({ type: "lay_land", tile: "two", cell: [3, 4], rot: 1 });
  });
});
