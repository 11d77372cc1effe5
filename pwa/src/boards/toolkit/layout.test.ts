import { describe, expect, it } from "vitest";
import { deviceWidth, layoutFor, layoutOf } from "./layout";

const win = (innerWidth: number, innerHeight: number, coarse: boolean) => ({
  innerWidth,
  innerHeight,
  matchMedia: (q: string) => ({ matches: coarse && q === "(pointer: coarse)" }) as MediaQueryList,
});

describe("one layout per device", () => {
  it("classes a width as phone, tablet or desktop", () => {
    expect(layoutFor(360)).toEqual({ width: "phone", phone: true });
    expect(layoutFor(699)).toEqual({ width: "phone", phone: true });
    expect(layoutFor(700).width).toBe("tablet");
    expect(layoutFor(1280)).toEqual({ width: "desktop", phone: false });
  });

  it("keeps a phone a phone when it is held sideways: the touch screen's shorter side decides", () => {
    expect(layoutFor(deviceWidth(win(390, 844, true))).width).toBe("phone");
    expect(layoutFor(deviceWidth(win(844, 390, true))).width).toBe("phone");
    // A desktop window is what its player sized it.
    expect(layoutFor(deviceWidth(win(1280, 600, false))).width).toBe("desktop");
  });

  it("reads a screen's layout once and keeps it for the screen's life", () => {
    const screen = {};
    const first = layoutOf(screen);
    expect(layoutOf(screen)).toBe(first);
  });
});
