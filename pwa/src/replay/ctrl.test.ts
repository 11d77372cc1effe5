import { describe, expect, it } from "vitest";
import type { MatchEvent } from "../types";
import { stepEvents, stops } from "./ctrl";

const at = "2026-11-27T10:00:00+00:00";
const events: MatchEvent[] = [
  { seq: 1, type: "GameStarted", actor: null, at, text: { en: "The race begins.", cs: "Závod začíná." } },
  { seq: 2 }, // hidden from this reader
  { seq: 3, type: "Added", actor: 0, at: "2026-11-27T10:01:00+00:00", text: { en: "You add 2 points.", cs: "Přidáváte 2 body." } },
  { seq: 4, type: "TurnEnded", actor: 0, at: "2026-11-27T10:01:00+00:00", text: { en: "You end your turn.", cs: "Končíte tah." } },
];

describe("replay steps", () => {
  it("says each step's move: the visible events since the step before", () => {
    const steps = stops(events, 4);
    expect(steps).toEqual([1, 2, 4]);
    expect(stepEvents(events, steps, 0).map((e) => e.seq)).toEqual([1]);
    expect(stepEvents(events, steps, 1)).toEqual([]); // a hidden event: nothing to say
    expect(stepEvents(events, steps, 2).map((e) => e.text!.en)).toEqual(["You add 2 points.", "You end your turn."]);
  });
});
