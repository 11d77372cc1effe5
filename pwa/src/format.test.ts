import { describe, expect, it } from "vitest";
import { deadlineText, duration, eventText } from "./format";
import { setLang } from "./i18n";
import type { GameInfo, SeatInfo } from "./types";

const seats = [
  { index: 0, kind: "human", user: "anna", name: "Anna" },
  { index: 1, kind: "bot", user: null, name: "Bot (random)" },
] as SeatInfo[];
const game = { slug: "x", name: "X", events: { TilePlaced: { en: "Seat {seat} placed {tile} on {hex}.", cs: "Hráč {seat} položil {tile} na {hex}." } } } as unknown as GameInfo;

describe("log lines", () => {
  it("names the players instead of seat numbers, in the current language", () => {
    setLang("en");
    const e = { seq: 3, type: "TilePlaced", actor: 1, data: { seat: 1, tile: "ship1", hex: 40 }, text: { en: "Seat 1 placed ship1 on 40.", cs: "" } };
    expect(eventText(e, game, seats, 0)).toBe("Seat Bot (random) placed ship1 on 40.");
    setLang("cs");
    expect(eventText({ ...e, data: { seat: 0, tile: "ship1", hex: 40 } }, game, seats, 0)).toBe("Hráč Vy položil ship1 na 40.");
    setLang("en");
  });

  it("falls back to the server's text when the template needs a field the event lacks", () => {
    const e = { seq: 3, type: "TilePlaced", actor: 1, data: { seat: 1 }, text: { en: "Seat 1 placed a tile.", cs: "x" } };
    expect(eventText(e, game, seats, 0)).toBe("Seat 1 placed a tile.");
    expect(eventText({ seq: 4 }, game, seats, 0)).toBe("");
  });

  it("says how long is left", () => {
    expect(duration(90)).toBe("1 min");
    expect(duration(3 * 3600 + 600)).toBe("3 h 10 min");
    expect(duration(2 * 86400 + 4 * 3600)).toBe("2 d 4 h");
    expect(deadlineText(null)).toBeNull();
    expect(deadlineText("2026-01-01T00:00:00Z", Date.parse("2026-01-02T00:00:00Z"))).toBe("overdue");
    expect(deadlineText("2026-01-01T05:00:00Z", Date.parse("2026-01-01T00:00:00Z"))).toBe("due in 5 h");
  });
});
