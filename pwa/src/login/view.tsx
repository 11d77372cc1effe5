import type { ComponentChild } from "preact";
import { lang, t } from "../i18n";
import iconUrl from "../icons/icon.svg";
import { href } from "../router";
import type { LoginCtrl } from "./ctrl";

export function loginView(ctrl: LoginCtrl): ComponentChild {
  const register = ctrl.mode === "register";
  return (
    <main id="main" class="page page-narrow login">
      <div class="hero">
        <img src={iconUrl} width="72" height="72" alt="" />
        <p class="tagline">{t("tagline")}</p>
      </div>
      <h1>{register ? t("register_title") : t("login_title")}</h1>
      {ctrl.signedOut && (
        <p class="hint" role="status" data-testid="signed-out">
          {t("signed_out")}
        </p>
      )}
      <form
        class="form"
        onSubmit={(ev) => {
          ev.preventDefault();
          const f = ev.currentTarget as HTMLFormElement;
          const v = (n: string) => (f.elements.namedItem(n) as HTMLInputElement | null)?.value ?? "";
          void ctrl.submit(v("username"), v("password"), v("display_name"), v("email"));
        }}
      >
        <div class="field">
          <label for="username">{t("username")}</label>
          <input
            id="username"
            name="username"
            required
            autocomplete="username"
            autocapitalize="none"
            spellcheck={false}
            minLength={register ? 3 : 1}
            maxLength={30}
            aria-describedby={register ? "username-rules" : undefined}
          />
          {register && (
            <p id="username-rules" class="hint">
              {t("username_rules")}
            </p>
          )}
        </div>
        {register && (
          <div class="field">
            <label for="display_name">{t("display_name")}</label>
            <input id="display_name" name="display_name" autocomplete="nickname" maxLength={40} />
          </div>
        )}
        {register && (
          <div class="field">
            <label for="email">{t("email_optional")}</label>
            <input id="email" name="email" type="email" autocomplete="email" maxLength={254} />
          </div>
        )}
        <div class="field">
          <label for="password">{t("password")}</label>
          <input
            id="password"
            name="password"
            type="password"
            required
            minLength={register ? 8 : 1}
            autocomplete={register ? "new-password" : "current-password"}
            aria-describedby={register ? "password-rules" : undefined}
          />
          {register && (
            <ul id="password-rules" class="hint password-rules" data-testid="password-rules">
              {(ctrl.rules?.[lang()] ?? [t("password_rules_fallback")]).map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          )}
        </div>
        {ctrl.error && (
          <p class="alert" role="alert">
            {ctrl.error}
          </p>
        )}
        <button type="submit" class="btn btn-primary btn-wide" disabled={ctrl.busy}>
          {register ? t("register") : t("login")}
        </button>
      </form>
      <p class="switch">
        <a href={href({ name: register ? "login" : "register" })}>{register ? t("have_account") : t("no_account")}</a>
      </p>
      {!register && (
        <p class="switch">
          <a href={href({ name: "forgot" })}>{t("forgot_link")}</a>
        </p>
      )}
    </main>
  );
}
