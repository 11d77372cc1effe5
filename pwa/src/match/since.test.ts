import { describe, expect, it } from "vitest";
import { lastOwnSeq, mayUndo, sinceLastMove } from "./since";

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

  it("takes a hint asked for as no move: the card stays, and there is nothing to undo", () => {
    const hinted = [...log, { seq: 6, actor: 0, type: "HintUsed" }];
    expect(lastOwnSeq(hinted, 0)).toBe(2);
    expect(sinceLastMove(hinted, 0).map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(mayUndo(hinted, 0)).toBe(false);
    expect(mayUndo([...hinted, { seq: 7, actor: 0, type: "Added" }], 0)).toBe(true);
    expect(mayUndo(log, 2)).toBe(true);
    expect(mayUndo(log, 0)).toBe(false);
    expect(mayUndo([], 0)).toBe(false);
  });
});
