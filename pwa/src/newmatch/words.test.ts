import { describe, expect, it } from "vitest";
import { setLang } from "../i18n";
import { gameInfo } from "../testing";
import type { GameInfo, OptionSchema } from "../types";
import { defaultForm, hintsApply, optionsToSend, ratedApplies, requestBody } from "./ctrl";
import { botLevels, botWords, choiceLabel, defaultBotLevel, impliedOptions, optionHelp, optionLabel, optionValueLabel, orderedOptions } from "./words";

const game: GameInfo = gameInfo({
  slug: "race",
  name: "Race",
  max_players: 3,
  bot_levels: ["random", "greedy", "search", "ismcts"],
  player_bot_levels: ["random", "greedy", "search"],
  default_bot_level: "greedy",
  bots: [
    { level: "random", description: "random", label: { en: "Beginner", cs: "Začátečník" }, help: { en: "Plays at random.", cs: "Hraje náhodně." }, strength: { en: "", cs: "" } },
    { level: "greedy", description: "greedy", label: { en: "Casual", cs: "Rekreační hráč" }, help: { en: "Takes the best move now.", cs: "Bere nejlepší tah." }, strength: { en: "Wins 70 %.", cs: "Vyhraje 70 %." } },
  ],
  options: [
    { name: "target", kind: "int", default: 12, description: "dev", label: { en: "Finish line", cs: "Cíl" }, help: { en: "Ends the race.", cs: "Končí závod." } },
    {
      name: "pace",
      kind: "choice",
      default: "normal",
      description: "dev",
      choices: ["normal", "sprint"],
      implies: { sprint: { target: 6 } },
      label: { en: "Pace", cs: "Tempo" },
      help: { en: "A sprint ends at 6.", cs: "Sprint končí na 6." },
      choice_labels: { normal: { en: "Normal race", cs: "Běžný závod" }, sprint: { en: "Sprint", cs: "Sprint" } },
    },
    // An older server sent no words for some options: the description stands in.
    { name: "three_settlements", kind: "bool", default: false, description: "Old developer note." } as OptionSchema,
  ],
  commands: [],
});

describe("new match in words", () => {
  it("puts presets first and says every option and value in words", () => {
    setLang("cs");
    expect(orderedOptions(game).map((o) => o.name)).toEqual(["pace", "target", "three_settlements"]);
    const pace = game.options[1]!;
    expect([optionLabel(pace), optionHelp(pace), choiceLabel(pace, "sprint")]).toEqual(["Tempo", "Sprint končí na 6.", "Sprint"]);
    // A game without words yet: its name made readable and its description.
    const bare = game.options[2]!;
    expect([optionLabel(bare), optionHelp(bare), choiceLabel(bare, true)]).toEqual(["Three settlements", "Old developer note.", "zapnuto"]);
    expect(optionValueLabel(game, "pace", "sprint")).toBe("Tempo: Sprint");
    setLang("en");
  });

  it("shows the options a preset sets as set, and leaves them to the preset when sending", () => {
    const f = defaultForm(game);
    expect(impliedOptions(game, f.options).size).toBe(0);
    f.options = { ...f.options, pace: "sprint" };
    expect(impliedOptions(game, f.options).get("target")).toEqual({ value: 6, by: "Pace: Sprint" });
    expect(optionsToSend(f, game)).toEqual({ pace: "sprint", three_settlements: false });
  });

  it("offers the players' levels with words, the default preselected", () => {
    expect(botLevels(game)).toEqual(["random", "greedy", "search"]);
    expect(defaultBotLevel(game)).toBe("greedy");
    expect(defaultForm(game).seats[1]).toEqual({ kind: "bot", level: "greedy", username: "" });
    expect(botWords(game, "greedy")).toEqual({ label: "Casual", help: "Takes the best move now.", strength: "Wins 70 %." });
    expect(botWords(game, "search").label).toBe("Search"); // no words: its name made readable
  });

  it("rates only a match with two people at least", () => {
    const f = defaultForm(game);
    expect(ratedApplies(f)).toBe(false); // me and a bot
    expect(requestBody(f, game).rated).toBe(false);
    f.seats = [f.seats[0]!, { kind: "open", level: "greedy", username: "" }];
    expect(ratedApplies(f)).toBe(true);
    expect(requestBody(f, game).rated).toBe(true);
  });

  it("offers hints only in a friendly match between people", () => {
    const f = defaultForm(game);
    f.hints = true;
    expect(hintsApply(f)).toBe(false); // against a bot: the server offers them anyway
    expect(requestBody(f, game).hints).toBe(false);
    f.seats = [f.seats[0]!, { kind: "open", level: "greedy", username: "" }];
    expect(hintsApply(f)).toBe(false); // rated: never
    expect(requestBody(f, game).hints).toBe(false);
    f.rated = false;
    expect(hintsApply(f)).toBe(true);
    expect(requestBody(f, game)).toMatchObject({ rated: false, hints: true });
  });
});
