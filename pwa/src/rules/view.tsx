import type { ComponentChild } from "preact";
import { redraw } from "../redraw";
import { loadGame } from "../session";
import { lang, t } from "../i18n";
import { markdown, splitRules } from "../markdown";
import type { GameInfo } from "../types";

export class RulesCtrl {
  game: GameInfo | null = null;
  error: string | null = null;
  constructor(readonly slug: string) {}
  async load(): Promise<void> {
    try {
      this.game = await loadGame(this.slug);
    } catch (err) {
      this.error = err instanceof Error ? err.message : String(err);
    }
    redraw();
  }
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
          {markdown(splitRules(g.rules ?? "")[lang()].replace(/^\*English first;.*\*\s*$/m, ""))}
        </article>
      )}
    </main>
  );
}
