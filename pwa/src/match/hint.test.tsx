// @vitest-environment happy-dom
import { render } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../api";
import { matchDetail } from "../testing";
import type { MatchDetail } from "../types";
import { HintAsk, HintButton, HintCard, hintOffered, type HintAnswer } from "./hint";

function detail(patch: Partial<MatchDetail> = {}): MatchDetail {
  return matchDetail({
    id: 7, version: 4, created_by: "anna", rated: false, hints: true, seat: 0, active_seats: [0], ...patch,
  });
}

const answer: HintAnswer = {
  command: { type: "place", tile: 3 },
  text: { en: "You place the 3 tile.", cs: "Pokládáte dílek 3." },
  ghost: { type: "TilePlaced", actor: 0, data: { space: 12 } },
  version: 5,
};

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the hint", () => {
  it("is offered only in a running match that allows hints, to the seat to move", () => {
    expect(hintOffered(detail())).toBe(true);
    expect(hintOffered(detail({ hints: false }))).toBe(false);
    expect(hintOffered(detail({ active_seats: [1] }))).toBe(false);
    expect(hintOffered(detail({ status: "finished" }))).toBe(false);
    expect(hintOffered(detail({ seat: null }))).toBe(false);
  });

  it("asks the server, says the move and rings it until a move follows", async () => {
    const asked: number[] = [];
    const hint = new HintAsk(7, async (id) => {
      asked.push(id);
      return answer;
    });
    let redraws = 0;
    render(<HintButton hint={hint} detail={detail()} redraw={() => redraws++} />, document.body);
    document.querySelector<HTMLButtonElement>("[data-testid=hint-button]")!.click();
    await Promise.resolve();
    await Promise.resolve();
    expect(asked).toEqual([7]);
    expect(redraws).toBeGreaterThanOrEqual(2);
    render(<HintCard hint={hint} detail={detail({ version: 5 })} />, document.body);
    expect(document.querySelector("[data-testid=hint-card]")!.textContent).toContain("You place the 3 tile.");
    expect(hint.marks(5)).toMatchObject([{ type: "TilePlaced", actor: 0, data: { space: 12 } }]);
    // Someone moved: the hint was for a position that is gone.
    expect(hint.marks(6)).toEqual([]);
    render(<HintCard hint={hint} detail={detail({ version: 6 })} />, document.body);
    expect(document.querySelector("[data-testid=hint-card]")).toBeNull();
  });

  it("on a phone is a strip without the aside's second line, closed by its ✕", async () => {
    const hint = new HintAsk(7, async () => answer);
    await hint.ask(() => undefined);
    render(<HintCard hint={hint} detail={detail({ version: 5 })} />, document.body);
    expect(document.querySelector(".hint-close")).toBeNull();
    expect(document.body.textContent).toContain("Every player sees");
    let redraws = 0;
    render(<HintCard hint={hint} detail={detail({ version: 5 })} compact redraw={() => redraws++} />, document.body);
    const strip = document.querySelector(".hint-strip")!;
    expect(strip.textContent).toContain("The bot would play: You place the 3 tile.");
    expect(strip.textContent).not.toContain("Every player sees");
    document.querySelector<HTMLButtonElement>(".hint-close")!.click();
    expect(redraws).toBe(1);
    expect(hint.marks(5)).toEqual([]);
    render(<HintCard hint={hint} detail={detail({ version: 5 })} compact redraw={() => redraws++} />, document.body);
    expect(document.querySelector(".hint-strip")).toBeNull();
  });

  it("says a refusal in words", async () => {
    const hint = new HintAsk(7, async () => {
      throw new ApiError(403, "hints_not_allowed", "no");
    });
    await hint.ask(() => undefined);
    render(<HintCard hint={hint} detail={detail()} />, document.body);
    expect(document.querySelector(".hint-card")!.textContent).toContain("offers no hints");
  });
});
