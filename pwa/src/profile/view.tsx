/** A player's profile: name, ratings per game; my own adds the name to change and log out. */

import type { ComponentChild } from "preact";
import { api } from "../api";
import { errorText } from "../errors";
import { gameName } from "../format";
import { t } from "../i18n";
import { redraw } from "../redraw";
import { navigate } from "../router";
import { currentUser, loadGames, logout } from "../session";
import type { GameInfo } from "../types";

interface RatingRow {
  game: string;
  rating: number;
  matches_played?: number;
}

export class ProfileCtrl {
  ratings: RatingRow[] | null = null;
  games: GameInfo[] = [];
  error: string | null = null;
  saved = false;
  constructor(readonly username: string) {}

  get mine(): boolean {
    return currentUser()?.username === this.username;
  }

  async load(): Promise<void> {
    try {
      const [r, games] = await Promise.all([api.ratings(this.username), loadGames().catch(() => [])]);
      this.ratings = r.results as RatingRow[];
      this.games = games;
    } catch (err) {
      this.error = errorText(err);
    }
    redraw();
  }

  async rename(name: string): Promise<void> {
    try {
      await api.updateMe({ display_name: name });
      this.saved = true;
    } catch (err) {
      this.error = errorText(err);
    }
    redraw();
  }

  async logout(): Promise<void> {
    await logout();
    navigate({ name: "login" }, true);
  }
}

export function profileView(ctrl: ProfileCtrl): ComponentChild {
  const me = currentUser();
  return (
    <main id="main" class="page page-narrow">
      <h1>{ctrl.mine ? t("profile_title") : ctrl.username}</h1>
      {ctrl.error && <p class="alert" role="alert">{ctrl.error}</p>}
      {ctrl.mine && me && (
        <form
          class="form card"
          onSubmit={(ev) => {
            ev.preventDefault();
            const input = (ev.currentTarget as HTMLFormElement).elements.namedItem("display_name") as HTMLInputElement;
            void ctrl.rename(input.value);
          }}
        >
          <p>
            {t("username")}: <strong>{me.username}</strong>
          </p>
          <div class="field">
            <label for="display_name">{t("display_name")}</label>
            <input id="display_name" name="display_name" maxLength={40} value={me.display_name} />
          </div>
          <button type="submit" class="btn">{t("save")}</button>
          {ctrl.saved && <span role="status" class="muted"> {t("saved")}</span>}
        </form>
      )}
      <section class="card" aria-labelledby="ratings-title">
        <h2 id="ratings-title" class="card-title">{t("ratings")}</h2>
        {ctrl.ratings === null ? (
          <p class="muted">{t("loading")}</p>
        ) : ctrl.ratings.length === 0 ? (
          <p class="muted">{t("no_ratings")}</p>
        ) : (
          <table class="data">
            <thead>
              <tr>
                <th scope="col">{t("game")}</th>
                <th scope="col">{t("rating")}</th>
                <th scope="col">{t("games_played")}</th>
              </tr>
            </thead>
            <tbody>
              {ctrl.ratings.map((r) => (
                <tr key={r.game}>
                  <td>{gameName(ctrl.games, r.game)}</td>
                  <td>{r.rating.toFixed(1)}</td>
                  <td>{r.matches_played ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p class="hint">{t("rated_what")}</p>
      </section>
      {ctrl.mine && (
        <button type="button" class="btn btn-danger" onClick={() => void ctrl.logout()}>
          {t("logout")}
        </button>
      )}
    </main>
  );
}
