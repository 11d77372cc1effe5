// @vitest-environment happy-dom
import { render } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import type { Player } from "../boards/types";
import { setLang, t } from "../i18n";
import { chanceLines, decisionAt, ghostMark, percent, pointSentence, turningPoints, yOf, type Analysis, type DecisionPoint } from "./analysis";
import { AnalysisGraph } from "./graph";

const point = (seat: number, before: number, after: number, chance: [number, number], cost: number): DecisionPoint => ({
  seq_before: before,
  seq_after: after,
  seat,
  chance_before: chance[0],
  chance_after: chance[1],
  preferred: { type: "place", tile: 3 },
  preferred_chance: chance[1] + cost,
  cost,
  turning: cost >= 0.08,
  preferred_text: { en: "You place the 3 tile.", cs: "Pokládáte dílek 3." },
  ghost: { type: "TilePlaced", actor: seat, data: { space: 12 } },
});

const points = [point(0, 2, 3, [0.5, 0.52], 0), point(1, 3, 5, [0.48, 0.45], 0.02), point(0, 5, 6, [0.41, 0.28], 0.2)];
const analysis: Analysis = { match: 7, status: "done", current: true, tags: { bot: "search", rules_version: 1, analysis_version: 1, format_version: 1 }, progress: { done: 3, total: 3 }, points };
const players = [
  { seat: 0, name: "Anna (you)", colour: "#000", ink: "#000", symbol: "circle", me: true, active: false },
  { seat: 1, name: "Bob", colour: "#111", ink: "#111", symbol: "square", me: false, active: false },
] as Player[];

afterEach(() => {
  document.body.innerHTML = "";
  setLang("en");
});

describe("the analysis graph's data", () => {
  it("draws each seat's line through its chances before and after each of its moves", () => {
    const lines = chanceLines(points);
    expect([...lines.keys()]).toEqual([0, 1]);
    expect(lines.get(0)!.map((c) => [c.seq, c.chance])).toEqual([
      [2, 0.5],
      [3, 0.52],
      [5, 0.41],
      [6, 0.28],
    ]);
    expect(yOf(1)).toBeLessThan(yOf(0)); // a better chance stands higher
  });

  it("marks as turning points only the moves that cost a lot, in the order of the game", () => {
    expect(turningPoints(points).map((p) => p.seq_after)).toEqual([6]);
  });

  it("finds the decision whose move a replay step shows", () => {
    expect(decisionAt(points, 6, 5)?.seat).toBe(0);
    expect(decisionAt(points, 4, 3)).toBeNull();
  });

  it("says a turning point in the reader's words, in both languages", () => {
    const p = points[2]!;
    const pickEn = (x: { en: string; cs: string }) => x.en;
    expect(pointSentence(p, true, "Anna", t, pickEn)).toBe("This move took you from 41\u00a0% to 28\u00a0%. The bot preferred: You place the 3 tile.");
    setLang("cs");
    const pickCs = (x: { en: string; cs: string }) => x.cs;
    expect(pointSentence(p, false, "Anna", t, pickCs)).toBe("Tento tah posunul hráče Anna z 41\u00a0% na 28\u00a0%. Bot by raději zahrál: Pokládáte dílek 3.");
    expect(percent(1.4)).toBe("100\u00a0%");
  });

  it("turns the preferred move into a board mark labelled with its words", () => {
    const mark = ghostMark(points[2]!, points[2]!.preferred_text, (x) => x.en)!;
    expect(mark).toMatchObject({ type: "TilePlaced", actor: 0, data: { space: 12 }, text: { en: "You place the 3 tile." } });
    expect(ghostMark({ ghost: null }, points[2]!.preferred_text, (x) => x.en)).toBeNull();
  });
});

describe("the analysis graph", () => {
  it("draws a line per seat, rings the turning points, and a tap jumps to one", () => {
    const jumped: number[] = [];
    render(<AnalysisGraph analysis={analysis} players={players} last={8} at={6} jump={(p) => jumped.push(p.seq_after)} />, document.body);
    expect(document.querySelectorAll(".analysis-line").length).toBe(2);
    const turns = document.querySelectorAll<SVGGElement>(".analysis-turn");
    expect(turns.length).toBe(1);
    turns[0]!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    document.querySelector<HTMLButtonElement>(".analysis-turn-link")!.click();
    expect(jumped).toEqual([6, 6]);
    expect(document.querySelector(".analysis-turns")!.textContent).toContain("This move took you from 41\u00a0% to 28\u00a0%");
  });

  it("says how far a running analysis is instead of a graph", () => {
    const running: Analysis = { ...analysis, status: "running", points: [], progress: { done: 2, total: 9 } };
    render(<AnalysisGraph analysis={running} players={players} last={8} at={6} jump={() => undefined} />, document.body);
    expect(document.querySelector("svg")).toBeNull();
    expect(document.body.textContent).toContain("2 of 9");
  });
});
