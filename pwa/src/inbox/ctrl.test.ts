import { describe, expect, it } from "vitest";
import type { MatchSummary, SeatInfo } from "../types";
import { classify } from "./ctrl";
import { matchSummary, seatInfo } from "../testing";

function seat(index: number, user: string | null, extra: Partial<SeatInfo> = {}): SeatInfo {
  return seatInfo({ index, kind: user ? "human" : "bot", user, name: user, bot_level: user ? null : "random", ...extra });
}

function match(id: number, status: MatchSummary["status"], seats: SeatInfo[], extra: Partial<MatchSummary> = {}): MatchSummary {
  return matchSummary({ id, game: "samurai", n_players: seats.length, status, created_by: "bob", created_at: "2026-01-01T00:00:00Z", updated_at: `2026-01-0${id}T00:00:00Z`, seats, ...extra });
}

describe("inbox", () => {
  it("puts my turn first by soonest deadline, then invitations, waiting, lobby, finished", () => {
    const list = [
      match(1, "active", [seat(0, "me", { to_move: true }), seat(1, null)], { deadline: "2026-03-05T00:00:00Z" }),
      match(2, "active", [seat(0, "me", { to_move: true }), seat(1, null)], { deadline: "2026-03-01T00:00:00Z" }),
      match(3, "active", [seat(0, "me", { to_move: true }), seat(1, null)]),
      match(4, "active", [seat(0, "me"), seat(1, "bob", { to_move: true })]),
      match(5, "lobby", [seat(0, "bob"), seat(1, "me", { accepted: false })]),
      match(6, "lobby", [seat(0, "me"), { ...seat(1, null), kind: "open" }]),
      match(7, "finished", [seat(0, "me"), seat(1, null)]),
      match(8, "aborted", [seat(0, "me"), seat(1, null)]),
    ];
    const box = classify(list, "me");
    expect(box.myTurn.map((m) => m.id)).toEqual([2, 1, 3]);
    expect(box.invitations.map((m) => m.id)).toEqual([5]);
    expect(box.waiting.map((m) => m.id)).toEqual([4]);
    expect(box.lobby.map((m) => m.id)).toEqual([6]);
    expect(box.finished.map((m) => m.id)).toEqual([8, 7]);
  });
});
