/** The account screens' views: the account page, forgot the password, and the pages a
 * mailed link opens. Each form says what it did or why not, in the player's language. */

import type { ComponentChild } from "preact";
import { dictionaryKeys, t, type Key } from "../i18n";
import { href } from "../router";
import type { AccountCtrl, ForgotCtrl, ResetCtrl, Step, UnsubscribeCtrl, VerifyCtrl } from "./ctrl";

const KEYS = new Set<string>(dictionaryKeys);

/** A step's words: ours when it names a text of ours, else the server's sentence. */
function say(text: string): string {
  return KEYS.has(text) ? t(text as Key) : text;
}

function outcome(step: Step): ComponentChild {
  if (step.error) {
    return (
      <p class="alert" role="alert">
        {say(step.error)}
      </p>
    );
  }
  return step.done ? (
    <p class="hint" role="status">
      {say(step.done)}
    </p>
  ) : null;
}

function fields(ev: Event): (name: string) => string {
  ev.preventDefault();
  const form = ev.currentTarget as HTMLFormElement;
  return (n) => (form.elements.namedItem(n) as HTMLInputElement | null)?.value ?? "";
}

function emailCard(ctrl: AccountCtrl): ComponentChild {
  const me = ctrl.me;
  if (!me) return null;
  return (
    <section class="card" aria-labelledby="email-title">
      <h2 id="email-title" class="card-title">
        {t("email_title")}
      </h2>
      <p id="email-state">
        {me.email ? t("email_verified_is", { email: me.email }) : t("email_none")}
      </p>
      {me.pending_email && (
        <p class="hint" id="email-pending">
          {t("email_pending_is", { email: me.pending_email })}{" "}
          <button type="button" class="btn" disabled={ctrl.email.busy} onClick={() => void ctrl.resend()}>
            {t("email_resend")}
          </button>
        </p>
      )}
      <form class="form" onSubmit={(ev) => void ctrl.setEmail(fields(ev)("email"))}>
        <div class="field">
          <label for="email">{t("email_new")}</label>
          <input id="email" name="email" type="email" autocomplete="email" maxLength={254} value={me.pending_email || me.email} />
          <span class="hint">{t("email_help")}</span>
        </div>
        <button type="submit" class="btn" disabled={ctrl.email.busy}>
          {t("save")}
        </button>
      </form>
      {outcome(ctrl.email)}
    </section>
  );
}

function passwordCard(ctrl: AccountCtrl): ComponentChild {
  return (
    <section class="card" aria-labelledby="password-title">
      <h2 id="password-title" class="card-title">
        {t("password_title")}
      </h2>
      <form
        class="form"
        onSubmit={(ev) => {
          const v = fields(ev);
          void ctrl.changePassword(v("current_password"), v("new_password"), v("new_password2"));
        }}
      >
        <div class="field">
          <label for="current_password">{t("password_current")}</label>
          <input id="current_password" name="current_password" type="password" required autocomplete="current-password" />
        </div>
        <div class="field">
          <label for="new_password">{t("password_new")}</label>
          <input id="new_password" name="new_password" type="password" required minLength={8} autocomplete="new-password" />
        </div>
        <div class="field">
          <label for="new_password2">{t("password_repeat")}</label>
          <input id="new_password2" name="new_password2" type="password" required minLength={8} autocomplete="new-password" />
          <span class="hint">{t("password_change_help")}</span>
        </div>
        <button type="submit" class="btn" disabled={ctrl.password.busy}>
          {t("password_change")}
        </button>
      </form>
      {outcome(ctrl.password)}
    </section>
  );
}

function when(iso: string): string {
  return new Date(iso).toLocaleString();
}

function devicesCard(ctrl: AccountCtrl): ComponentChild {
  const devices = ctrl.devices ?? [];
  return (
    <section class="card" aria-labelledby="devices-title">
      <h2 id="devices-title" class="card-title">
        {t("devices_title")}
      </h2>
      <ul class="devices">
        {devices.map((d) => (
          <li key={d.id} class="device" data-current={d.current ? "true" : "false"}>
            <strong>{d.client || t("device_unknown")}</strong>
            {d.current && <span class="muted"> ({t("device_this")})</span>}
            <br />
            <span class="hint">{t("device_used", { when: when(d.last_used_at) })}</span>
            {!d.current && (
              <button type="button" class="btn" disabled={ctrl.sessions.busy} onClick={() => void ctrl.revoke(d.id)}>
                {t("device_log_out")}
              </button>
            )}
          </li>
        ))}
      </ul>
      <button type="button" class="btn" disabled={ctrl.sessions.busy || devices.length < 2} onClick={() => void ctrl.revokeOthers()}>
        {t("devices_log_out_others")}
      </button>
      {outcome(ctrl.sessions)}
    </section>
  );
}

function dataCard(ctrl: AccountCtrl): ComponentChild {
  return (
    <section class="card" aria-labelledby="data-title">
      <h2 id="data-title" class="card-title">
        {t("data_title")}
      </h2>
      <p class="hint">{t("export_help")}</p>
      <button type="button" class="btn" disabled={ctrl.exporting.busy} onClick={() => void ctrl.download()}>
        {t("export_download")}
      </button>
      {outcome(ctrl.exporting)}
      <form
        class="form danger-zone"
        onSubmit={(ev) => {
          const v = fields(ev);
          if (confirm(t("delete_confirm"))) void ctrl.deleteAccount(v("delete_password"));
        }}
      >
        <p class="hint">{t("delete_help")}</p>
        <div class="field">
          <label for="delete_password">{t("password_current")}</label>
          <input id="delete_password" name="delete_password" type="password" required autocomplete="current-password" />
        </div>
        <button type="submit" class="btn btn-danger" disabled={ctrl.deleting.busy}>
          {t("delete_account")}
        </button>
      </form>
      {outcome(ctrl.deleting)}
    </section>
  );
}

export function accountView(ctrl: AccountCtrl): ComponentChild {
  return (
    <main id="main" class="page page-narrow account">
      <p>
        <a href={href({ name: "settings" })}>← {t("settings_title")}</a>
      </p>
      <h1>{t("account_title")}</h1>
      {ctrl.error && (
        <p class="alert" role="alert">
          {ctrl.error}
        </p>
      )}
      {!ctrl.me && !ctrl.error && <p class="muted">{t("loading")}</p>}
      {emailCard(ctrl)}
      {ctrl.me && passwordCard(ctrl)}
      {ctrl.me && devicesCard(ctrl)}
      {ctrl.me && dataCard(ctrl)}
    </main>
  );
}

export function forgotView(ctrl: ForgotCtrl): ComponentChild {
  return (
    <main id="main" class="page page-narrow login">
      <h1>{t("forgot_title")}</h1>
      <p class="hint">{t("forgot_help")}</p>
      <form class="form" onSubmit={(ev) => void ctrl.send(fields(ev)("email"))}>
        <div class="field">
          <label for="email">{t("email_title")}</label>
          <input id="email" name="email" type="email" required autocomplete="email" maxLength={254} />
        </div>
        <button type="submit" class="btn btn-primary btn-wide" disabled={ctrl.step.busy}>
          {t("forgot_send")}
        </button>
      </form>
      {outcome(ctrl.step)}
      <p class="switch">
        <a href={href({ name: "login" })}>{t("login")}</a>
      </p>
    </main>
  );
}

export function resetView(ctrl: ResetCtrl): ComponentChild {
  const done = ctrl.step.done !== null;
  return (
    <main id="main" class="page page-narrow login">
      <h1>{t("reset_title")}</h1>
      {!done && (
        <form
          class="form"
          onSubmit={(ev) => {
            const v = fields(ev);
            void ctrl.submit(v("new_password"), v("new_password2"));
          }}
        >
          <div class="field">
            <label for="new_password">{t("password_new")}</label>
            <input id="new_password" name="new_password" type="password" required minLength={8} autocomplete="new-password" />
          </div>
          <div class="field">
            <label for="new_password2">{t("password_repeat")}</label>
            <input id="new_password2" name="new_password2" type="password" required minLength={8} autocomplete="new-password" />
          </div>
          <button type="submit" class="btn btn-primary btn-wide" disabled={ctrl.step.busy}>
            {t("reset_submit")}
          </button>
        </form>
      )}
      {outcome(ctrl.step)}
      <p class="switch">
        <a href={href({ name: done ? "login" : "forgot" })}>{done ? t("login") : t("forgot_again")}</a>
      </p>
    </main>
  );
}

export function verifyView(ctrl: VerifyCtrl): ComponentChild {
  return (
    <main id="main" class="page page-narrow login">
      <h1>{t("verify_title")}</h1>
      {ctrl.step.busy && <p class="muted">{t("loading")}</p>}
      {ctrl.step.done && (
        <p role="status" id="verified">
          {t("email_verified_is", { email: ctrl.email })}
        </p>
      )}
      {ctrl.step.error && outcome(ctrl.step)}
      <p class="switch">
        <a href={href({ name: "settings" })}>{t("settings_title")}</a>
      </p>
    </main>
  );
}

export function unsubscribeView(ctrl: UnsubscribeCtrl): ComponentChild {
  return (
    <main id="main" class="page page-narrow login">
      <h1>{t("unsubscribe_title")}</h1>
      {ctrl.step.done === null && (
        <>
          <p>{t("unsubscribe_help")}</p>
          <button type="button" class="btn btn-primary" disabled={ctrl.step.busy} onClick={() => void ctrl.confirm()}>
            {t("unsubscribe_confirm")}
          </button>
        </>
      )}
      {outcome(ctrl.step)}
      <p class="switch">
        <a href={href({ name: "settings" })}>{t("settings_title")}</a>
      </p>
    </main>
  );
}
