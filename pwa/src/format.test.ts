import { describe, expect, it } from "vitest";
import { deadlineText, duration, logLine, seatName } from "./format";
import { setLang } from "./i18n";
import type { SeatInfo } from "./types";

const seats = [
  { index: 0, kind: "human", user: "anna", name: "Anna" },
  { index: 1, kind: "bot", user: null, name: "Bot Karel" },
] as SeatInfo[];

describe("log lines", () => {
  it("shows the server's line for this reader, in the current language", () => {
    const e = { seq: 3, type: "TilePlaced", actor: 1, data: { seat: 1 }, text: { en: "Bot Karel places a ship on Edo.", cs: "Bot Karel pokládá loď na Edo." } };
    setLang("cs");
    expect(logLine(e)).toBe("Bot Karel pokládá loď na Edo.");
    setLang("en");
    expect(logLine(e)).toBe("Bot Karel places a ship on Edo.");
    expect(logLine({ seq: 4 })).toBe(""); // hidden from this reader
  });

  it("names the reader 'You' and the others as the server names them", () => {
    expect(seatName(seats, 0, 0)).toBe("You");
    expect(seatName(seats, 1, 0)).toBe("Bot Karel");
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
