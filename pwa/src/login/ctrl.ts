/** Log in and register: the token the server gives is the app's credential from then on. */

import { api, ApiError } from "../api";
import { lang } from "../i18n";
import { redraw } from "../redraw";
import { navigate } from "../router";
import { loggedIn } from "../session";

export class LoginCtrl {
  error: string | null = null;
  busy = false;

  constructor(public mode: "login" | "register") {}

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
      this.error = err instanceof ApiError ? err.message : String(err);
    } finally {
      this.busy = false;
      redraw();
    }
  }
}
