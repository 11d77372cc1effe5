// @vitest-environment happy-dom
import { render } from "preact";
import { describe, expect, it } from "vitest";
import { markdown, optionFence, optionState } from "./markdown";

describe("rules for players: option blocks", () => {
  const md = "## A turn\n\nPlay.\n\n:::option pace=sprint\n**Sprint**: ends at 6.\n:::\n\n:::option three=true\n- Three settlements.\n:::\n";

  it("reads the fence and compares it with the match's options", () => {
    expect(optionFence(":::option pace=sprint")).toEqual(["pace", "sprint"]);
    expect(optionFence("::: option three_settlements = true")).toEqual(["three_settlements", "true"]);
    expect(optionFence("plain text")).toBeNull();
    expect(optionState({ pace: "sprint" }, "pace", "sprint")).toBe("in");
    expect(optionState({ pace: "normal" }, "pace", "sprint")).toBe("out");
    expect(optionState({ three: false }, "three", "true")).toBe("out");
    expect(optionState(null, "pace", "sprint")).toBe("any");
  });

  it("draws each block with its badge, in or out of the match, and no fence is left as text", () => {
    const root = document.createElement("div");
    const marks = { options: { pace: "sprint", three: false }, badge: (n: string, v: string, s: string) => `${s}:${n}=${v}` };
    render(<div>{markdown(md, marks)}</div>, root);
    const blocks = [...root.querySelectorAll("aside.rules-option")];
    expect(blocks.map((b) => b.getAttribute("data-state"))).toEqual(["in", "out"]);
    expect(blocks[0]!.textContent).toContain("in:pace=sprint");
    expect(blocks[0]!.querySelector("strong")!.textContent).toBe("Sprint");
    expect(blocks[1]!.querySelector("li")!.textContent).toBe("Three settlements.");
    expect(root.textContent).not.toContain(":::");
  });
});
