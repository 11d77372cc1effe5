import { describe, expect, it } from "vitest";
import { _cs, _en, browserLang, dictionaryKeys, format, pick, setLang, t } from "./i18n";

describe("i18n", () => {
  it("has every English string in Czech too, with the same placeholders", () => {
    for (const key of dictionaryKeys) {
      expect(_cs[key], key).toBeTruthy();
      const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(holes(_cs[key]), key).toEqual(holes(_en[key]));
    }
  });

  it("follows the browser's language, English otherwise", () => {
    expect(browserLang(["cs-CZ", "en"])).toBe("cs");
    expect(browserLang(["de-DE", "en-US"])).toBe("en");
    expect(browserLang(["fr"])).toBe("en");
  });

  it("switches language and fills placeholders", () => {
    setLang("cs");
    expect(t("turn_of", { who: "Anna" })).toBe("Na tahu: Anna");
    expect(pick({ en: "Hello", cs: "Ahoj" })).toBe("Ahoj");
    setLang("en");
    expect(t("turn_of", { who: "Anna" })).toBe("Anna to play");
    expect(format("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });
});
