/** The hint of a match that allows it (`hints`: friendly and agreed, or against bots alone):
 * the search bot's move for the player's seat now, from the seat's own information. The match
 * records each hint for every seat to read; the move is said in words and ringed on the board. */

import type { ComponentChild } from "preact";
import { request } from "../api";
import type { components } from "../api/schema";
import { errorText } from "../errors";
import { pick, t } from "../i18n";
import { ghostMark, type Ghost } from "../replay/analysis";
import type { Command, MatchDetail, MatchEvent, Texts } from "../types";

/** The generated HintOut (api/schema.d.ts), its command narrowed to a command. */
export type HintAnswer = Omit<components["schemas"]["HintOut"], "command" | "ghost"> & {
  command: Command;
  ghost: Ghost | null;
};

export const hintApi = {
  ask: (id: number) => request<HintAnswer>("POST", `matches/${id}/hint`),
};

/** Whether the player may ask now: a match with hints, running, and this seat to move. */
export function hintOffered(d: MatchDetail): boolean {
  return Boolean(d.hints) && d.status === "active" && d.seat !== null && d.active_seats.includes(d.seat);
}

export class HintAsk {
  answer: HintAnswer | null = null;
  asking = false;
  error: string | null = null;

  constructor(
    private readonly id: number,
    private readonly ask_: (id: number) => Promise<HintAnswer> = hintApi.ask,
  ) {}

  async ask(redraw: () => void): Promise<void> {
    if (this.asking) return;
    this.asking = true;
    this.error = null;
    redraw();
    try {
      this.answer = await this.ask_(this.id);
    } catch (err) {
      this.error = errorText(err);
    } finally {
      this.asking = false;
      redraw();
    }
  }

  /** Put away: neither said nor ringed any more. */
  dismiss(): void {
    this.answer = null;
    this.error = null;
  }

  /** The answer while the match stands where it was asked (no move since). */
  shown(version: number): HintAnswer | null {
    return this.answer && this.answer.version >= version ? this.answer : null;
  }

  /** The hinted move ringed on the board (`ui.marks`), where the board can place it. */
  marks(version: number): MatchEvent[] {
    const a = this.shown(version);
    const mark = a ? ghostMark(a, a.text, pick) : null;
    return mark ? [mark] : [];
  }
}

export function HintButton({ hint, detail, redraw }: { hint: HintAsk; detail: MatchDetail; redraw: () => void }): ComponentChild {
  if (!hintOffered(detail)) return null;
  return (
    <button type="button" class="btn hint-button" data-testid="hint-button" disabled={hint.asking} aria-busy={hint.asking ? "true" : "false"} onClick={() => void hint.ask(redraw)}>
      {hint.asking ? t("hint_thinking") : t("hint")}
    </button>
  );
}

/** The answer. At a desk it stands beside the Hint button. On a phone it is a strip at the
 * top of the dock (`compact`), so it can be read with the board above it. Asking brings the
 * board into view (its targets are fitted again), and a card above the board or under it
 * would then be off the screen. The strip closes with ✕ or with the next move. */
export function HintCard({ hint, detail, compact = false, redraw }: { hint: HintAsk; detail: MatchDetail; compact?: boolean; redraw?: () => void }): ComponentChild {
  const a = hint.shown(detail.version);
  const close = compact && redraw && (
    <button
      type="button"
      class="link hint-close"
      aria-label={t("close")}
      onClick={() => {
        hint.dismiss();
        redraw();
      }}
    >
      ✕
    </button>
  );
  if (hint.error) {
    return (
      <p class={`alert hint-card${compact ? " hint-strip" : ""}`} role="alert">
        {hint.error}
        {close}
      </p>
    );
  }
  if (!a || detail.status !== "active") return null;
  return (
    <section class={`card hint-card${compact ? " hint-strip" : ""}`} aria-live="polite" data-testid="hint-card">
      <p>
        <strong>{t("hint_title")}:</strong> {pick(a.text)}
      </p>
      {/* The log says it too ("You used a hint"): a phone's strip keeps to the move. */}
      {!compact && <p class="muted small">{t("hint_seen")}</p>}
      {close}
    </section>
  );
}
