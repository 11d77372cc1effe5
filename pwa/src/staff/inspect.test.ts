import { describe, expect, it } from "vitest";
import { parse } from "../router";
import { short, viewerParam } from "./inspect";

describe("staff board", () => {
  it("has a route of its own, with the event and the viewer in the query", () => {
    expect(parse("/staff/matches/42", "?seq=7&seat=1")).toEqual({ name: "staff_board", id: 42, seq: 7, seat: "1" });
    expect(parse("/staff/matches/42")).toEqual({ name: "staff_board", id: 42, seat: null });
    expect(parse("/staff/matches/x").name).toBe("notfound");
  });

  it("reads the viewer as a seat number or a spectator", () => {
    expect(viewerParam("2")).toBe(2);
    expect(viewerParam("spectator")).toBe("spectator");
    expect(viewerParam(null)).toBe("spectator");
    expect(viewerParam("-1")).toBe("spectator");
  });

  it("shortens long values for the change list", () => {
    expect(short([1, 2])).toBe("[1,2]");
    expect(short("x".repeat(100)).length).toBe(58);
  });
});
