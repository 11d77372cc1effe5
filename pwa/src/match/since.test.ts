import { describe, expect, it } from "vitest";
import { lastOwnSeq, sinceLastMove } from "./since";

const log = [
  { seq: 1, actor: null },
  { seq: 2, actor: 0 },
  { seq: 3, actor: 1 },
  { seq: 4, actor: null },
  { seq: 5, actor: 2 },
];

describe("since your last move", () => {
  it("finds the seat's last own event", () => {
    expect(lastOwnSeq(log, 0)).toBe(2);
    expect(lastOwnSeq(log, 3)).toBe(-1);
    expect(lastOwnSeq(log, null)).toBe(-1);
  });

  it("lists everything after it, the unowned events too, when another seat has acted", () => {
    expect(sinceLastMove(log, 0).map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(sinceLastMove(log, 2)).toEqual([]); // moved last
    expect(sinceLastMove([{ seq: 1, actor: 0 }, { seq: 2, actor: null }], 0)).toEqual([]); // no one else
    expect(sinceLastMove(log, null)).toEqual([]); // a spectator
    expect(sinceLastMove(log, 3)).toEqual([]); // not moved yet: the whole log is new
  });
});
