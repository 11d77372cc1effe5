/** Things picked from a list outside the map (a hand, a tray, a supply): a button that shows
 * whether it is picked (a tick, not colour alone), says in a word why it cannot be picked now,
 * and a counter for picks of several ("3 of 5": Samurai's starting tiles, discards, Yspahan's
 * cubes). `togglePick` is the pure rule of a multi-pick. */

import type { ComponentChildren } from "preact";
import type { BoardUi } from "../types";

export interface PickButtonProps {
  /** The accessible name when the content is not words (a drawn tile). */
  label?: string;
  onPick: () => void;
  /** Picked (for a step or a multi-pick): marked with a tick and `aria-pressed`. */
  chosen?: boolean;
  disabled?: boolean;
  /** Why it cannot be picked now, in a word or two ("place first", "too dear"): shown under it
   * and read with its name. */
  disabledReason?: string;
  class?: string;
  /** Data attributes and the like, passed on to the button. */
  attrs?: Record<string, string | number | undefined>;
  children: ComponentChildren;
}

export function PickButton(p: PickButtonProps) {
  const why = p.disabled && p.disabledReason ? p.disabledReason : null;
  const classes = ["pick", p.class, p.chosen ? "picked" : null, why ? "pick-off" : null].filter(Boolean).join(" ");
  return (
    <button
      type="button"
      class={classes}
      aria-pressed={p.chosen ? "true" : "false"}
      aria-label={p.label ? (why ? `${p.label}: ${why}` : p.label) : undefined}
      disabled={p.disabled}
      title={why ?? undefined}
      onClick={(ev) => {
        ev.stopPropagation();
        p.onPick();
      }}
      {...(p.attrs ?? {})}
    >
      {p.children}
      {p.chosen && (
        <span class="pick-tick" aria-hidden="true">
          ✓
        </span>
      )}
      {why && <span class="pick-why">{why}</span>}
    </button>
  );
}

/** "3 of 5": how many of a multi-pick are taken; full when `n` reaches `of`. `text` says it in
 * the board's own words ("3 of 5 chosen"). */
export function PickCount({ n, of, ui, text }: { n: number; of: number; ui: Pick<BoardUi, "t">; text?: string }) {
  return (
    <span class={n >= of ? "pick-count full" : "pick-count"} role="status">
      {text ?? ui.t("picked_n_of", { n, of })}
    </span>
  );
}

/** A multi-pick's next list after a tap on `value`: un-picked if it was picked, added while
 * fewer than `max` are picked, else unchanged (a full pick takes nothing more). */
export function togglePick<T>(picked: readonly T[], value: T, max: number, same: (a: T, b: T) => boolean = Object.is): T[] {
  const at = picked.findIndex((p) => same(p, value));
  if (at >= 0) return [...picked.slice(0, at), ...picked.slice(at + 1)];
  if (picked.length >= max) return [...picked];
  return [...picked, value];
}
