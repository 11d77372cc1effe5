/** A game's rules for players, in the current language (`rules_for_players`; the developer
 * README while a game has none). Opened from a match (`/rules/<game>?match=<id>`), the blocks
 * that depend on an option are marked "in this match" or dimmed "not in this match". */

import type { ComponentChild } from "preact";
import { api } from "../api";
import { lang, pick, t } from "../i18n";
import { markdown, splitRules, type OptionMarks } from "../markdown";
import { redraw } from "../redraw";
import { loadGame } from "../session";
import type { GameInfo, Json } from "../types";
import { optionValueLabel } from "../newmatch/words";

export class RulesCtrl {
  game: GameInfo | null = null;
  /** The options of the match the page was opened from, or null. */
  options: Record<string, Json> | null = null;
  error: string | null = null;
  constructor(
    readonly slug: string,
    readonly match?: number,
  ) {}

  async load(): Promise<void> {
    try {
      const [game, detail] = await Promise.all([
        loadGame(this.slug),
        this.match !== undefined ? api.match(this.match).catch(() => null) : Promise.resolve(null),
      ]);
      this.game = game;
      this.options = detail && detail.game === this.slug ? detail.options : null;
    } catch (err) {
      this.error = err instanceof Error ? err.message : String(err);
    }
    redraw();
  }
}

/** The rules text in the current language. */
export function rulesText(g: GameInfo): string {
  const forPlayers = pick(g.rules_for_players);
  if (forPlayers.trim()) return forPlayers;
  return splitRules(g.rules ?? "")[lang()].replace(/^\*English first;.*\*\s*$/m, "");
}

export function optionMarks(g: GameInfo, options: Record<string, Json> | null): OptionMarks {
  return {
    options,
    badge(name, value, state) {
      const what = optionValueLabel(g, name, value);
      if (state === "in") return t("rules_in_match", { what });
      if (state === "out") return t("rules_not_in_match", { what });
      return t("rules_option", { what });
    },
  };
}

export function rulesView(ctrl: RulesCtrl): ComponentChild {
  const g = ctrl.game;
  return (
    <main id="main" class="page page-text">
      {ctrl.error && <p class="alert" role="alert">{ctrl.error}</p>}
      {!g && !ctrl.error && <p class="muted">{t("loading")}</p>}
      {g && (
        <article class="rules">
          <h1>{t("rules_title", { game: g.name })}</h1>
          {ctrl.options && <p class="hint">{t("rules_for_match")}</p>}
          {markdown(rulesText(g), optionMarks(g, ctrl.options))}
        </article>
      )}
    </main>
  );
}
