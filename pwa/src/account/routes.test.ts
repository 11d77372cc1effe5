import { describe, expect, it } from "vitest";
import { href, parse, type Route } from "../router";

describe("account routes", () => {
  it("parses the account's pages and the mailed links, and writes them back", () => {
    const routes: Route[] = [
      { name: "account" },
      { name: "forgot" },
      { name: "reset", uid: "Mw", token: "cx1a2b-0123abcd" },
      { name: "verify_email", uid: "MTI", token: "cx1a2b-89ef" },
      { name: "unsubscribe", token: "eyJ1IjoxfQ:1x:abc" },
    ];
    for (const route of routes) {
      const url = new URL(href(route), "https://play.example");
      expect(parse(url.pathname, url.search)).toEqual(route);
    }
  });

  it("reads the links exactly as the server mails them", () => {
    expect(parse("/account/reset/Mw/cx1a2b-0123abcd")).toEqual({ name: "reset", uid: "Mw", token: "cx1a2b-0123abcd" });
    expect(parse("/unsubscribe", "?token=eyJ1%3A1x%3Aabc")).toEqual({ name: "unsubscribe", token: "eyJ1:1x:abc" });
    expect(parse("/unsubscribe").name).toBe("notfound");
    expect(parse("/account/reset/Mw").name).toBe("notfound");
  });
});
