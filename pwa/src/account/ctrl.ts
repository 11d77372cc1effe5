/** The account screens' controllers: the account page (address, password, devices, export,
 * deletion), and the pages a mailed link opens (verify an address, reset a password,
 * unsubscribe) or that lead to one (forgot the password). */

import { redraw } from "../redraw";
import { navigate } from "../router";
import { currentUser, loggedIn, loggedOut } from "../session";
import { token } from "../store";
import type { User } from "../types";
import { accountApi, type Device } from "./api";

/** The server's sentence, or the name of a text of ours (``password_mismatch``). */
function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A form's state: busy while it runs, then done (with what to say) or failed (why). */
export interface Step {
  busy: boolean;
  done: string | null;
  error: string | null;
}

const idle = (): Step => ({ busy: false, done: null, error: null });

async function run(step: Step, work: () => Promise<string | null>): Promise<void> {
  if (step.busy) return;
  Object.assign(step, { busy: true, done: null, error: null });
  redraw();
  try {
    step.done = await work();
  } catch (err) {
    step.error = message(err);
  } finally {
    step.busy = false;
    redraw();
  }
}

export class AccountCtrl {
  me: User | null = null;
  devices: Device[] | null = null;
  error: string | null = null;
  email = idle();
  password = idle();
  sessions = idle();
  exporting = idle();
  deleting = idle();

  async load(): Promise<void> {
    try {
      const [me, devices] = await Promise.all([accountApi.me(), accountApi.devices()]);
      this.me = me;
      this.devices = devices.results;
    } catch (err) {
      this.error = message(err);
    }
    redraw();
  }

  setEmail(address: string): Promise<void> {
    return run(this.email, async () => {
      this.me = await accountApi.setEmail(address.trim());
      return this.me.pending_email ? "email_sent" : "saved";
    });
  }

  resend(): Promise<void> {
    return run(this.email, async () => {
      await accountApi.resendEmail();
      return "email_sent";
    });
  }

  changePassword(current: string, next: string, repeat: string): Promise<void> {
    return run(this.password, async () => {
      if (next !== repeat) throw new Error("password_mismatch");
      const r = await accountApi.changePassword(current, next);
      // Every device was logged out; this one carries on with its new token.
      const me = currentUser();
      if (me) loggedIn(me, r.token);
      this.devices = (await accountApi.devices()).results;
      return "password_changed";
    });
  }

  revoke(id: number): Promise<void> {
    return run(this.sessions, async () => {
      await accountApi.revokeDevice(id);
      this.devices = (this.devices ?? []).filter((d) => d.id !== id);
      return "device_logged_out";
    });
  }

  revokeOthers(): Promise<void> {
    return run(this.sessions, async () => {
      await accountApi.revokeOthers();
      this.devices = (await accountApi.devices()).results;
      return "others_logged_out";
    });
  }

  download(): Promise<void> {
    return run(this.exporting, async () => {
      const data = await accountApi.exportData();
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = `ludoteka-${this.me?.username ?? "account"}.json`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      return "export_ready";
    });
  }

  deleteAccount(password: string): Promise<void> {
    return run(this.deleting, async () => {
      await accountApi.deleteAccount(password);
      loggedOut();
      navigate({ name: "login" }, true);
      return null;
    });
  }
}

/** "I forgot my password": the address to mail a link to. */
export class ForgotCtrl {
  step = idle();

  send(email: string): Promise<void> {
    return run(this.step, async () => {
      await accountApi.forgot(email.trim());
      return "reset_sent";
    });
  }
}

/** The reset link's page: a new password, then log in with it. */
export class ResetCtrl {
  step = idle();
  constructor(
    readonly uid: string,
    readonly token: string,
  ) {}

  submit(next: string, repeat: string): Promise<void> {
    return run(this.step, async () => {
      if (next !== repeat) throw new Error("password_mismatch");
      await accountApi.reset(this.uid, this.token, next);
      // Every device was logged out, this one too if it was logged in.
      if (token()) loggedOut();
      return "password_reset_done";
    });
  }
}

/** The verification link's page: confirms on opening. */
export class VerifyCtrl {
  step = idle();
  email = "";
  constructor(
    readonly uid: string,
    readonly token: string,
  ) {}

  load(): Promise<void> {
    return run(this.step, async () => {
      this.email = (await accountApi.verifyEmail(this.uid, this.token)).email;
      return "email_verified";
    });
  }
}

/** The unsubscribe link's page: asks first (a mail scanner opening it changes nothing). */
export class UnsubscribeCtrl {
  step = idle();
  constructor(readonly token: string) {}

  confirm(): Promise<void> {
    return run(this.step, async () => {
      await accountApi.unsubscribe(this.token);
      return "unsubscribed";
    });
  }
}
