import { describe, expect, it } from "vitest";
import { notificationOf, passThrough, targetPath } from "./swlogic";

const origin = "https://ludoteka.example";

describe("service worker decisions", () => {
  it("leaves the API, admin, sockets and other sites to the network", () => {
    expect(passThrough(new URL("/api/matches", origin), origin)).toBe(true);
    expect(passThrough(new URL("/admin/", origin), origin)).toBe(true);
    expect(passThrough(new URL("/ws/matches/1/", origin), origin)).toBe(true);
    expect(passThrough(new URL("https://other.example/x.js"), origin)).toBe(true);
    expect(passThrough(new URL("/assets/main-abc.js", origin), origin)).toBe(false);
    expect(passThrough(new URL("/matches/4", origin), origin)).toBe(false);
  });

  it("opens the match a notification is about, and only paths of this site", () => {
    expect(targetPath("https://ludoteka.example/matches/42", origin)).toBe("/matches/42");
    expect(targetPath("/matches/42", origin)).toBe("/matches/42");
    expect(targetPath("https://evil.example/phish", origin)).toBe("/");
    expect(targetPath(undefined, origin)).toBe("/");
  });

  it("shows the push payload, with the match as the fallback link", () => {
    expect(notificationOf({ title: "Your turn", body: "Samurai #4", match: 4, tag: "match-4" })).toEqual({ title: "Your turn", body: "Samurai #4", url: "/matches/4", tag: "match-4" });
    expect(notificationOf({}).title).toBe("Ludoteka");
  });
});
