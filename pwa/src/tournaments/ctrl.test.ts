import { describe, expect, it } from "vitest";
import type { Round, Standing, TournamentSummary } from "./api";
import { currentRound, groupTournaments, type NewTournamentForm, tiebreakColumns, tiebreakValue, tournamentSpec } from "./ctrl";

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
