/** Settings: language, Web Push on this device, and notification preferences per channel and
 * kind, quiet hours, digest hour, time zone. */

import { api } from "../api";
import { errorText } from "../errors";
import { lang, setLang, t, type Lang } from "../i18n";
import { disablePush, enablePush, pushState, type PushState } from "../push";
import { redraw } from "../redraw";
import type { User } from "../types";

export interface Preferences {
  channels: Record<string, Record<string, string>>;
  timezone: string;
  quiet_hours: { start: string; end: string } | null;
  digest_hour: number;
  webhook: { url: string; secret: string };
  kinds: string[];
  modes: string[];
}

export class SettingsCtrl {
  prefs: Preferences | null = null;
  /** The account, for its e-mail address: without a verified one, e-mail cannot be chosen. */
  me: User | null = null;
  push: PushState | "busy" = "off";
  error: string | null = null;
  saved = false;
  /** A test notification on its way, and what came of it, in words. */
  testing = false;
  testResult: string | null = null;

  async load(): Promise<void> {
    try {
      const [prefs, me] = await Promise.all([api.preferences(), api.me()]);
      this.prefs = prefs as unknown as Preferences;
      this.me = me;
    } catch (err) {
      this.error = errorText(err);
    }
    this.push = await pushState().catch(() => "unsupported" as const);
    redraw();
  }

  setLanguage(next: Lang): void {
    if (next === lang()) return;
    setLang(next);
    void api.updateMe({ language: next }).catch(() => undefined);
    redraw();
  }

  async togglePush(): Promise<void> {
    const was = this.push;
    this.push = "busy";
    redraw();
    try {
      this.push = was === "on" ? await disablePush() : await enablePush();
    } catch (err) {
      this.error = err instanceof Error ? err.message : String(err);
      this.push = was;
    }
    redraw();
  }

  async sendTest(): Promise<void> {
    this.testing = true;
    this.testResult = null;
    redraw();
    try {
      this.testResult = testResultText(await api.pushTest());
    } catch (err) {
      this.testResult = errorText(err);
    } finally {
      this.testing = false;
      redraw();
    }
  }

  async save(patch: Record<string, unknown>): Promise<void> {
    this.saved = false;
    this.error = null;
    try {
      this.prefs = (await api.savePreferences(patch)) as unknown as Preferences;
      this.saved = true;
    } catch (err) {
      this.error = errorText(err);
    }
    redraw();
  }
}

/** What a test notification came to: sent to n devices, or why not. */
export function testResultText(r: { sent: number; gone: number; failed: number }): string {
  if (r.sent > 0) return t("push_test_sent", { n: r.sent });
  if (r.failed > 0) return t("push_test_failed");
  return t("push_test_gone");
}
