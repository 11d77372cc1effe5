/** Log in and register: the token the server gives is the app's credential from then on. */

import { api, request } from "../api";
import { errorText } from "../errors";
import { lang } from "../i18n";
import { redraw } from "../redraw";
import { navigate } from "../router";
import { loggedIn, takeSignedOutNotice } from "../session";

/** What a new password must be, as the server's validators say it, in both languages. */
export type PasswordRules = { en: string[]; cs: string[] };

export class LoginCtrl {
  error: string | null = null;
  busy = false;
  rules: PasswordRules | null = null;
  /** Shown because the login went while the app was in use (session.signedOutElsewhere). */
  readonly signedOut: boolean;

  constructor(public mode: "login" | "register") {
    this.signedOut = takeSignedOutNotice();
  }

  /** Registration states the password rules before a submit, not only after a refusal. */
  async load(): Promise<void> {
    if (this.mode !== "register") return;
    try {
      this.rules = await request<PasswordRules>("GET", "accounts/password-rules");
    } catch {
      this.rules = null; // the form still works; a refusal then says why
    }
    redraw();
  }

  async submit(username: string, password: string, displayName = "", email = ""): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = null;
    redraw();
    try {
      const r =
        this.mode === "login" ? await api.login(username.trim(), password) : await api.register(username.trim(), password, displayName.trim(), lang(), email.trim());
      const { token, ...user } = r;
      loggedIn(user, token);
      navigate({ name: "inbox" }, true);
    } catch (err) {
      this.error = errorText(err);
    } finally {
      this.busy = false;
      redraw();
    }
  }
}
