import type { ComponentChild } from "preact";
import { Icon } from "../icons";
import { lang, t, type Key } from "../i18n";
import { href } from "../router";
import type { SettingsCtrl } from "./ctrl";

const CHANNELS = ["push", "email", "webhook"];

export function pushLine(state: string): string {
  if (state === "on") return t("push_on");
  if (state === "denied") return t("push_denied");
  if (state === "unsupported") return t("push_unsupported");
  if (state === "off") return t("push_off");
  return "";
}

export function settingsView(ctrl: SettingsCtrl): ComponentChild {
  const p = ctrl.prefs;
  return (
    <main id="main" class="page page-narrow">
      <h1>{t("settings_title")}</h1>
      <p>
        <a href={href({ name: "account" })} id="account-link">
          {t("account_link")}
        </a>
      </p>
      <section class="card" aria-labelledby="lang-title">
        <h2 id="lang-title" class="card-title">{t("language")}</h2>
        <div class="segmented" role="radiogroup" aria-label={t("language")}>
          {(["cs", "en"] as const).map((l) => (
            <label key={l} class={lang() === l ? "selected" : undefined}>
              <input type="radio" name="lang" value={l} checked={lang() === l} onChange={() => ctrl.setLanguage(l)} />
              {l === "cs" ? "Čeština" : "English"}
            </label>
          ))}
        </div>
      </section>
      <section class="card" aria-labelledby="push-title">
        <h2 id="push-title" class="card-title">{t("notifications")}</h2>
        <button type="button" class="btn" aria-pressed={ctrl.push === "on" ? "true" : "false"} disabled={ctrl.push === "busy" || ctrl.push === "unsupported" || ctrl.push === "denied"} onClick={() => void ctrl.togglePush()}>
          <Icon name="bell" />
          {t("enable_push")}
        </button>
        <p class="hint" role="status" data-testid="push-state">
          {pushLine(ctrl.push)}
        </p>
        {ctrl.push === "on" && (
          <button type="button" class="btn" disabled={ctrl.testing} onClick={() => void ctrl.sendTest()}>
            {t("push_test")}
          </button>
        )}
        {ctrl.testResult && (
          <p class="hint" role="status">
            {ctrl.testResult}
          </p>
        )}
        <p class="hint">
          <a href="/notifications">{t("notifications_open_list")}</a>
        </p>
        {p && (
          <form
            class="form prefs"
            onSubmit={(ev) => {
              ev.preventDefault();
              const f = ev.currentTarget as HTMLFormElement;
              const val = (n: string) => (f.elements.namedItem(n) as HTMLInputElement | HTMLSelectElement | null)?.value ?? "";
              const channels: Record<string, Record<string, string>> = {};
              for (const c of CHANNELS) {
                if (!f.elements.namedItem(`${c}.${p.kinds[0]}`)) continue; // not offered
                channels[c] = {};
                for (const k of p.kinds) channels[c]![k] = val(`${c}.${k}`);
              }
              const qs = val("quiet_start");
              const qe = val("quiet_end");
              void ctrl.save({
                channels,
                timezone: val("timezone") || "UTC",
                digest_hour: Number(val("digest_hour")),
                quiet_hours: qs && qe ? { start: qs, end: qe } : null,
                webhook_url: val("webhook_url"),
              });
            }}
          >
            {CHANNELS.map((c) =>
              c === "email" && ctrl.me && !ctrl.me.email ? (
                <fieldset key={c} class="channel" id="email-missing">
                  <legend>{t("channel_email")}</legend>
                  <p class="hint">{t("email_channel_missing")}</p>
                  <a class="btn" href={href({ name: "account" })}>
                    {t("email_channel_add")}
                  </a>
                </fieldset>
              ) : (
              <fieldset key={c} class="channel">
                <legend>{t(`channel_${c}` as Key)}</legend>
                {p.kinds.map((k) => (
                  <div class="field field-inline" key={k}>
                    <label for={`${c}.${k}`}>{t(`kind_${k}` as Key)}</label>
                    <select id={`${c}.${k}`} name={`${c}.${k}`}>
                      {p.modes.map((m) => (
                        <option key={m} value={m} selected={p.channels[c]?.[k] === m}>
                          {t(`mode_${m}` as Key)}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              </fieldset>
              ),
            )}
            <fieldset>
              <legend>{t("quiet_hours")}</legend>
              <div class="row">
                <div class="field">
                  <label for="quiet_start">{t("from")}</label>
                  <input id="quiet_start" name="quiet_start" type="time" value={p.quiet_hours?.start ?? ""} />
                </div>
                <div class="field">
                  <label for="quiet_end">{t("to")}</label>
                  <input id="quiet_end" name="quiet_end" type="time" value={p.quiet_hours?.end ?? ""} />
                </div>
              </div>
            </fieldset>
            <div class="row">
              <div class="field">
                <label for="digest_hour">{t("digest_hour")}</label>
                <select id="digest_hour" name="digest_hour">
                  {Array.from({ length: 24 }, (_, h) => (
                    <option key={h} value={String(h)} selected={p.digest_hour === h}>{`${h}:00`}</option>
                  ))}
                </select>
              </div>
              <div class="field">
                <label for="timezone">{t("timezone")}</label>
                <input id="timezone" name="timezone" value={p.timezone} />
              </div>
            </div>
            <div class="field">
              <label for="webhook_url">{t("webhook_url")}</label>
              <input id="webhook_url" name="webhook_url" type="url" value={p.webhook.url} />
            </div>
            {ctrl.error && <p class="alert" role="alert">{ctrl.error}</p>}
            <button type="submit" class="btn btn-primary">{t("save")}</button>
            {ctrl.saved && <span role="status" class="muted"> {t("saved")}</span>}
          </form>
        )}
      </section>
    </main>
  );
}
