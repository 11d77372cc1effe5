import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import codes from "./error_codes.json";
import { ERROR_WORDS, errorText } from "./errors";
import { setLang } from "./i18n";

describe("error words", () => {
  it("has a sentence in English and Czech for every code the API answers", () => {
    const missing = codes.filter((c) => !ERROR_WORDS[c]?.[0]?.trim() || !ERROR_WORDS[c]?.[1]?.trim());
    expect(missing).toEqual([]);
    for (const c of codes) {
      const [en, cs] = ERROR_WORDS[c]!;
      expect(en, c).not.toMatch(/[a-z]+_[a-z]+/); // no code names in a sentence
      expect(cs, c).not.toEqual(en);
    }
  });

  it("says a refusal in the current language, and a game's own rule with its sentence", () => {
    setLang("cs");
    expect(errorText(new ApiError(409, "not_your_turn", "It is not your turn."))).toBe("Nejste na tahu.");
    expect(errorText(new ApiError(0, "offline", "x"))).toMatch(/offline/);
    expect(errorText(new ApiError(422, "ship_on_land", "Ships sail on sea spaces."))).toBe(
      "Tento tah teď pravidla nedovolují. (Ships sail on sea spaces.)",
    );
    setLang("en");
    expect(errorText(new ApiError(422, "weak_password", "x"))).toMatch(/^The password is too weak/);
  });

  it("says a game's own refusal in the player's language when the API gives both", () => {
    const body = {
      code: "ship_on_land",
      message: "Ships may only be placed on sea spaces.",
      text: { en: "Ships may only be placed on sea spaces.", cs: "Lodě smíte pokládat jen na moře." },
    };
    const err = new ApiError(422, "ship_on_land", body.message, body);
    setLang("cs");
    expect(errorText(err)).toBe("Lodě smíte pokládat jen na moře.");
    setLang("en");
    expect(errorText(err)).toBe("Ships may only be placed on sea spaces.");
    // a platform code keeps the app's own words even when the body carries a text
    setLang("cs");
    const turn = { code: "not_your_turn", message: "x", text: { en: "x", cs: "y" } };
    expect(errorText(new ApiError(409, "not_your_turn", "x", turn))).toBe("Nejste na tahu.");
    // a text without the current language falls back to the generic sentence
    const half = { code: "ship_on_land", message: "Ships sail.", text: { en: "Ships sail." } };
    expect(errorText(new ApiError(422, "ship_on_land", "Ships sail.", half))).toBe(
      "Tento tah teď pravidla nedovolují. (Ships sail.)",
    );
    setLang("en");
  });
});
