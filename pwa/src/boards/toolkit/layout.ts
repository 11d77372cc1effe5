/** One layout per device for a match's whole life (issue 38: the Samurai map turned between
 * phases, and turning the phone changed the board under the player's thumb).
 *
 * A board chooses its drawing (a map turned a quarter, hexes flat or pointy, a tray beside or
 * under the board) from the device's width class only, never from the orientation, the aspect
 * or the phase. The match screen computes it once, when it opens (`deviceLayout()`), and hands
 * it to the board as `ui.layout`; it stays the same when the phone is turned. */

export type WidthClass = "phone" | "tablet" | "desktop";

export interface DeviceLayout {
  width: WidthClass;
  /** A phone: the board and the dock with the private area share one screen. */
  phone: boolean;
}

/** Below this many CSS px a device is a phone (the match screen's dock, styles.css). */
export const PHONE_MAX_PX = 700;
/** From this many CSS px the match screen has its side column (styles.css). */
export const DESKTOP_MIN_PX = 900;

/** The layout for a device whose width class is decided by `width` CSS px. */
export function layoutFor(width: number): DeviceLayout {
  const cls: WidthClass = width < PHONE_MAX_PX ? "phone" : width < DESKTOP_MIN_PX ? "tablet" : "desktop";
  return { width: cls, phone: cls === "phone" };
}

/** The width that classes this device: a touch screen's shorter side (a phone held sideways is
 * still a phone), else the window's width (a desktop window is what the player sized it). */
export function deviceWidth(win: Pick<Window, "innerWidth" | "innerHeight" | "matchMedia"> | undefined = typeof window === "undefined" ? undefined : window): number {
  if (!win) return DESKTOP_MIN_PX;
  const coarse = typeof win.matchMedia === "function" && win.matchMedia("(pointer: coarse)").matches;
  return coarse ? Math.min(win.innerWidth, win.innerHeight) : win.innerWidth;
}

/** This device's layout, read now: call it once per match screen and keep the answer. */
export function deviceLayout(): DeviceLayout {
  return layoutFor(deviceWidth());
}

const remembered = new WeakMap<object, DeviceLayout>();

/** The layout of one screen (a match, a replay): read when it is first asked for, then kept. */
export function layoutOf(screen: object): DeviceLayout {
  let layout = remembered.get(screen);
  if (!layout) {
    layout = deviceLayout();
    remembered.set(screen, layout);
  }
  return layout;
}
