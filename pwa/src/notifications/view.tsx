/** The notifications list: each one as the server words it (title, one sentence, when), the
 * unread ones marked; a tap opens the match; mark one or all read. */

import type { ComponentChild } from "preact";
import { dateTime } from "../format";
import { pick, t } from "../i18n";
import type { NotificationsCtrl } from "./ctrl";

export function notificationsView(ctrl: NotificationsCtrl): ComponentChild {
  const items = ctrl.items;
  return (
    <main id="main" class="page page-narrow notifications-page">
      <header class="page-head">
        <h1>{t("notifications_title")}</h1>
        {ctrl.unread > 0 && (
          <button type="button" class="btn" disabled={ctrl.busy} onClick={() => void ctrl.markRead("all")}>
            {t("mark_all_read")}
          </button>
        )}
      </header>
      {ctrl.error && (
        <p class="alert" role="alert">
          {ctrl.error}
        </p>
      )}
      {items === null && !ctrl.error && <p class="muted">{t("loading")}</p>}
      {items !== null && items.length === 0 && <p class="muted">{t("notifications_empty")}</p>}
      {items !== null && items.length > 0 && (
        <ul class="notification-list">
          {items.map((n) => (
            <li key={n.id} class={`card notification${n.read ? "" : " unread"}`} data-read={n.read ? "true" : "false"}>
              <button type="button" class="notification-open" onClick={() => void ctrl.open(n)}>
                {/* The sentence says it all (the title, as push shows it, would repeat it). */}
                <span class="notification-body">
                  {!n.read && <span class="sr-only">{t("notification_unread")}: </span>}
                  {pick(n.body)}
                </span>
                <time class="hint" dateTime={n.created_at}>
                  {dateTime(n.created_at)}
                </time>
              </button>
              {!n.read && (
                <button type="button" class="link" disabled={ctrl.busy} onClick={() => void ctrl.markRead([n.id])}>
                  {t("mark_read")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
