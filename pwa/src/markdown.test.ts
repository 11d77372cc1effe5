import { describe, expect, it } from "vitest";
import { splitRules } from "./markdown";

describe("rules texts", () => {
  it("splits 'English' and 'Česky' sections, keeping the title for both", () => {
    const md = "# Game\n\nIntro.\n\n## English\n\nPlay well.\n\n### Options\n\n## Česky\n\nHrajte dobře.\n";
    const r = splitRules(md);
    expect(r.en).toContain("Play well.");
    expect(r.en).not.toContain("Hrajte");
    expect(r.cs).toContain("Hrajte dobře.");
    expect(r.cs).toContain("# Game");
    expect(r.cs).not.toContain("Play well");
  });

  it("splits at a rule line, or keeps an unmarked text whole", () => {
    expect(splitRules("# A\nen text\n---\n# B\ncs text")).toEqual({ en: "# A\nen text", cs: "# B\ncs text" });
    expect(splitRules("just text")).toEqual({ en: "just text", cs: "just text" });
  });
});

