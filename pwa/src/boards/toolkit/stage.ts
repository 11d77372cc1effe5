/** What the screen around a board tells its `<PanZoom>`: which part of the viewport is not
 * covered by the shell's sticky header, dock or navigation, and which turn it is (a new turn
 * fits the view to its targets even when they are the same spaces as before). The match screen
 * provides it; elsewhere (a replay, a unit test) the whole window is free. */

import { createContext } from "preact";

/** A band of the viewport, in CSS px from its top. */
export interface Band {
  top: number;
  bottom: number;
}

export interface Stage {
  /** The part of the viewport a board may use now: under the sticky header, above the dock. */
  band(): Band;
  /** Changes with every new version of the match. */
  turn: string | number;
}

export const WHOLE_WINDOW: Stage = {
  band: () => ({ top: 0, bottom: typeof window === "undefined" ? 0 : window.innerHeight }),
  turn: 0,
};

export const StageContext = createContext<Stage>(WHOLE_WINDOW);

/** The band of the viewport that none of the fixed or sticky elements matching `selector`
 * covers: those in the upper half push its top down, those in the lower half its bottom up. */
export function freeBand(selector: string): Band {
  const height = window.innerHeight;
  let top = 0;
  let bottom = height;
  for (const el of document.querySelectorAll(selector)) {
    const position = getComputedStyle(el).position;
    if (position !== "fixed" && position !== "sticky") continue;
    const r = el.getBoundingClientRect();
    if (r.height <= 0 || r.bottom <= 0 || r.top >= height) continue;
    if (r.top + r.height / 2 < height / 2) top = Math.max(top, r.bottom);
    else bottom = Math.min(bottom, r.top);
  }
  return { top, bottom: Math.max(top, bottom) };
}
