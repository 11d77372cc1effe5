import { describe, expect, it } from "vitest";
import { href, parse, type Route } from "./router";

describe("router", () => {
  it("parses every screen's path and writes it back", () => {
    const routes: Route[] = [
      { name: "inbox" },
      { name: "login" },
      { name: "register" },
      { name: "new" },
      { name: "new", game: "java" },
      { name: "match", id: 42 },
      { name: "replay", id: 42 },
      { name: "replay", id: 42, version: 7 },
      { name: "profile" },
      { name: "profile", username: "anna" },
      { name: "settings" },
      { name: "rules", game: "samurai" },
      { name: "rules", game: "samurai", match: 42 },
      { name: "notifications" },
      { name: "tournaments" },
      { name: "tournament", id: 3 },
      { name: "tournament_new" },
    ];
    for (const r of routes) {
      const [path, search] = href(r).split("?");
      expect(parse(path!, search ? `?${search}` : "")).toEqual(r);
    }
  });

  it("matches the paths the server's notifications link to", () => {
    expect(parse("/matches/17")).toEqual({ name: "match", id: 17 });
    expect(parse("/matches/17/")).toEqual({ name: "match", id: 17 });
  });

  it("says not found for anything else", () => {
    expect(parse("/matches/abc").name).toBe("notfound");
    expect(parse("/nope").name).toBe("notfound");
  });
});
