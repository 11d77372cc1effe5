/** The inbox: my turn, invitations, waiting, lobby, finished. */

import type { ComponentChild } from "preact";
import { PlayerBadge } from "../boards/toolkit/pieces";
import { deadlineText, gameName } from "../format";
import { t } from "../i18n";
import { seatLabel } from "../players";
import { href } from "../router";
import type { MatchSummary } from "../types";
import type { InboxCtrl } from "./ctrl";

function others(m: MatchSummary, username: string): ComponentChild {
  return (
    <span class="badges">
      {m.seats
        .filter((s) => s.user !== username)
        .map((s) => (
          <PlayerBadge key={s.index} seat={s.index} name={seatLabel(s)} />
        ))}
    </span>
  );
}

function result(m: MatchSummary, username: string): string {
  const mine = m.seats.find((s) => s.user === username);
  if (!mine || !m.outcome) return t("finished");
  const rank = m.outcome.ranks[mine.index];
  return rank === 1 ? t("you_won") : t("your_place", { rank: rank ?? "?" });
}

function Row({ ctrl, m, kind }: { ctrl: InboxCtrl; m: MatchSummary; kind: "turn" | "invite" | "wait" | "lobby" | "done" }): ComponentChild {
  const name = gameName(ctrl.games, m.game);
  const deadline = m.status === "active" ? deadlineText(m.deadline) : null;
  return (
    <li class={`match-row match-row-${kind}`}>
      <a class="match-link" href={href({ name: "match", id: m.id })}>
        <span class={`game-chip game-${m.game}`} aria-hidden="true">
          {name.slice(0, 2)}
        </span>
        <span class="match-text">
          <span class="match-name">
            {name} <span class="muted">#{m.id}</span>
          </span>
          <span class="match-sub">
            {kind === "done" ? result(m, ctrl.username) : kind === "invite" ? t("invited_by", { who: m.created_by ?? "?" }) : null}
            {deadline && <span class={kind === "turn" ? "deadline urgent" : "deadline"}>{deadline}</span>}
          </span>
          {others(m, ctrl.username)}
        </span>
      </a>
      {kind === "invite" && (
        <span class="row-actions">
          <button type="button" class="btn btn-primary" disabled={ctrl.busy} onClick={() => void ctrl.answer(m.id, true)}>
            {t("accept")}
          </button>
          <button type="button" class="btn" disabled={ctrl.busy} onClick={() => void ctrl.answer(m.id, false)}>
            {t("decline")}
          </button>
        </span>
      )}
    </li>
  );
}

function Section({ title, list, ctrl, kind }: { title: string; list: MatchSummary[]; ctrl: InboxCtrl; kind: "turn" | "invite" | "wait" | "lobby" | "done" }): ComponentChild {
  if (list.length === 0) return null;
  const id = `inbox-${kind}`;
  return (
    <section class="inbox-section" aria-labelledby={id}>
      <h2 id={id} class="section-title">
        {title} <span class="count">{list.length}</span>
      </h2>
      <ul class="match-list">
        {list.map((m) => (
          <Row key={m.id} ctrl={ctrl} m={m} kind={kind} />
        ))}
      </ul>
    </section>
  );
}

export function inboxView(ctrl: InboxCtrl): ComponentChild {
  const box = ctrl.inbox;
  const empty = box && Object.values(box).every((l: MatchSummary[]) => l.length === 0);
  return (
    <main id="main" class="page">
      <div class="page-head">
        <h1>{t("inbox_title")}</h1>
        <a class="btn btn-primary" href={href({ name: "new" })}>
          + {t("nav_new")}
        </a>
      </div>
      {ctrl.offline && (
        <p class="alert alert-offline" role="status">
          {t("offline")}
        </p>
      )}
      {ctrl.error && (
        <p class="alert" role="alert">
          {ctrl.error}
        </p>
      )}
      {!box && !ctrl.error && <p class="muted">{t("loading")}</p>}
      {empty && (
        <div class="empty">
          <p>{t("nothing_here")}</p>
          <a class="btn btn-primary" href={href({ name: "new" })}>
            {t("nav_new")}
          </a>
        </div>
      )}
      {box && (
        <>
          <Section title={t("my_turn")} list={box.myTurn} ctrl={ctrl} kind="turn" />
          <Section title={t("invitations")} list={box.invitations} ctrl={ctrl} kind="invite" />
          <Section title={t("waiting")} list={box.waiting} ctrl={ctrl} kind="wait" />
          <Section title={t("lobby")} list={box.lobby} ctrl={ctrl} kind="lobby" />
          <Section title={t("finished")} list={box.finished.slice(0, 30)} ctrl={ctrl} kind="done" />
        </>
      )}
    </main>
  );
}
