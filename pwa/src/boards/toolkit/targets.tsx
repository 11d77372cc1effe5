/** Selection and highlighting of legal targets on a board: a tappable SVG element that is
 * also reachable with the keyboard, and the shared classes (`target`, `chosen`, `ghost`) the
 * stylesheet draws as a soft highlight, a firm outline and a translucent preview. */

import type { JSX } from "preact";

export interface TargetOptions {
  /** What the tap does, in words (the accessible name). */
  label: string;
  onPick: () => void;
  chosen?: boolean;
  disabled?: boolean;
}

/** Props to spread on an SVG element that is a legal target. */
export function targetProps(o: TargetOptions): JSX.SVGAttributes<SVGElement> & Record<string, unknown> {
  if (o.disabled) return { class: "target-off" };
  return {
    class: o.chosen ? "target chosen" : "target",
    role: "button",
    tabIndex: 0,
    "aria-label": o.label,
    "aria-pressed": o.chosen ? "true" : "false",
    onClick: (ev: Event) => {
      ev.stopPropagation();
      o.onPick();
    },
    onKeyDown: (ev: KeyboardEvent) => {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        o.onPick();
      }
    },
  };
}

/** The set of `keyOf` values a step may still take: for `has(value)` checks while drawing. */
export function valueSet<T>(values: readonly T[], key: (v: T) => string | number = (v) => String(v)): Set<string> {
  return new Set(values.map((v) => String(key(v))));
}
