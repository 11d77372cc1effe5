/** Small line icons drawn in SVG (the fonts of some phones lack the media-control glyphs). */

import type { ComponentChild } from "preact";

const PATHS = {
  first: "M6 5v14M19 5l-9 7 9 7z",
  prev: "M16 5l-9 7 9 7z",
  next: "M8 5l9 7-9 7z",
  last: "M18 5v14M5 5l9 7-9 7z",
  bell: "M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0",
  undo: "M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20 }: { name: IconName; size?: number }): ComponentChild {
  return (
    <svg class="icon" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" stroke-linecap="round">
      <path d={PATHS[name]} />
    </svg>
  );
}
