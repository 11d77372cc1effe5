import { describe, expect, it } from "vitest";
import type { Round, Standing, Table, TournamentSummary } from "./api";
import { currentRound, groupTournaments, type NewTournamentForm, resultBody, resultForm, tiebreakColumns, tiebreakValue, tournamentSpec } from "./ctrl";

function summary(id: number, status: TournamentSummary["status"]): TournamentSummary {
  return { id, name: `T${id}`, game: "drunter", format: "swiss", players_per_table: 4, private: false, status, round: 0, entrant_count: 4, organiser: "org", starts_at: null, registration_closes_at: null, created_at: "2026-01-01T00:00:00Z", started_at: null, finished_at: null };
}

function row(extra: Partial<Standing> = {}): Standing {
  return { rank: 1, entrant: 1, name: "Ann", username: "ann", bot_level: null, withdrawn: false, points: 2, games: 2, wins: 2, byes: 0, game_points: 31.5, adjustments: 0, tiebreaks: { buchholz: 3, sonneborn_berger: 1.333333 }, out_in_round: null, ...extra };
}

const FORM: NewTournamentForm = { name: " Spring cup ", game: "drunter", format: "swiss", players: 4, rounds: "", games: 3, bots: true, level: "greedy", private: false, manual: false, moveHours: "" };

describe("tournaments", () => {
  it("groups the list: open for registration, running, then over", () => {
    const g = groupTournaments([summary(1, "finished"), summary(2, "running"), summary(3, "registration"), summary(4, "cancelled")]);
    expect(g.open.map((x) => x.id)).toEqual([3]);
    expect(g.running.map((x) => x.id)).toEqual([2]);
    expect(g.done.map((x) => x.id)).toEqual([1, 4]);
  });

  it("shows each format's tie-breaks in the server's order", () => {
    expect(tiebreakColumns("swiss", 2)).toEqual(["buchholz", "sonneborn_berger"]);
    expect(tiebreakColumns("round_robin", 4)).toEqual(["game_points", "head_to_head"]);
    expect(tiebreakColumns("knockout", 2)).toEqual(["out_in_round"]);
    expect(tiebreakColumns("series", 2)).toEqual(["wins", "game_points"]);
    expect(tiebreakValue(row(), "sonneborn_berger")).toBe("1.33");
    expect(tiebreakValue(row(), "game_points")).toBe("31.5");
    expect(tiebreakValue(row(), "head_to_head")).toBe("–");
    expect(tiebreakValue(row({ out_in_round: 2 }), "out_in_round")).toBe("2");
  });

  it("puts the round being played first", () => {
    const r = (n: number, finished: boolean): Round => ({ round: n, deadline: null, finished, tables: [], byes: [] });
    expect(currentRound([r(1, true), r(2, false)])?.round).toBe(2);
    expect(currentRound([r(1, true), r(2, true)])?.round).toBe(2);
    expect(currentRound([])).toBeNull();
  });

  it("turns the form into the API's request, or names what is missing", () => {
    expect(tournamentSpec({ ...FORM, name: "  " })).toBe("name");
    expect(tournamentSpec(FORM)).toEqual({ name: "Spring cup", game: "drunter", format: "swiss", players_per_table: 4, bots_allowed: true, bot_level: "greedy", private: false, round_start: "auto", rounds: null });
    const series = tournamentSpec({ ...FORM, format: "series", players: 2, bots: false, manual: true, moveHours: "24" });
    expect(series).toEqual({ name: "Spring cup", game: "drunter", format: "series", players_per_table: 2, bots_allowed: false, bot_level: null, private: false, round_start: "manual", games: 3, time_control: { kind: "per_move", move_seconds: 86400 } });
  });
});

describe("an organiser's table result", () => {
  const table = (result: Table["result"]): Table => ({
    table: 2,
    match: 9,
    match_status: "finished",
    seats: [
      { seat: 0, entrant: 1, name: "Ann" },
      { seat: 1, entrant: 2, name: "Bob" },
      { seat: 2, entrant: 3, name: "Cid" },
    ],
    result,
  });

  it("starts from the table's places, its scores left to the server", () => {
    const f = resultForm(3, table({ ranks: [2, 1, 3], scores: [10, 12, 4], forfeits: [], how: "finished", reason: null }));
    expect(f).toEqual({ round: 3, table: 2, ranks: ["2", "1", "3"], scores: ["", "", ""], reason: "" });
    expect(resultForm(1, table(null)).ranks).toEqual(["", "", ""]);
  });

  it("sends places 1..n, scores all or none", () => {
    const f = { round: 3, table: 2, ranks: ["1", "1", "3"], scores: ["", "", ""], reason: "no-show" };
    expect(resultBody(f)).toEqual({ round: 3, table: 2, ranks: [1, 1, 3], scores: null, reason: "no-show" });
    expect(resultBody({ ...f, scores: ["5", "5", "0.5"] })?.scores).toEqual([5, 5, 0.5]);
    expect(resultBody({ ...f, ranks: ["1", "", "2"] })).toBeNull();
    expect(resultBody({ ...f, ranks: ["1", "4", "2"] })).toBeNull();
    expect(resultBody({ ...f, ranks: ["1", "1.5", "2"] })).toBeNull();
    expect(resultBody({ ...f, scores: ["5", "", ""] })).toBeNull();
    expect(resultBody({ ...f, scores: ["5", "x", "1"] })).toBeNull();
  });
});
