/** The shell: header, navigation, and the screen of the current route (a controller and its
 * pure view). Screens are swapped when the route changes; the match screen's socket closes
 * when the player leaves it. */

import type { ComponentChild } from "preact";
import { AccountCtrl, ForgotCtrl, ResetCtrl, UnsubscribeCtrl, VerifyCtrl } from "./account/ctrl";
import { accountView, forgotView, resetView, unsubscribeView, verifyView } from "./account/view";
import { setUnauthorizedHandler } from "./api";
import { refreshUnread, unreadCount, watchUnread } from "./bell";
import { gameName } from "./format";
import { Icon } from "./icons";
import { lang, setLang, t } from "./i18n";
import iconUrl from "./icons/icon.svg";
import { InboxCtrl } from "./inbox/ctrl";
import { inboxView } from "./inbox/view";
import { LoginCtrl } from "./login/ctrl";
import { loginView } from "./login/view";
import { MatchCtrl } from "./match/ctrl";
import { matchView } from "./match/view";
import { NewMatchCtrl } from "./newmatch/ctrl";
import { newMatchView } from "./newmatch/view";
import { NotificationsCtrl } from "./notifications/ctrl";
import { notificationsView } from "./notifications/view";
import { ProfileCtrl, profileView } from "./profile/view";
import { redraw } from "./redraw";
import { ReplayCtrl } from "./replay/ctrl";
import { replayView } from "./replay/view";
import { href, navigate, type Route } from "./router";
import { RulesCtrl, rulesView } from "./rules/view";
import { currentUser, knownGames, loggedOut, signedOutElsewhere } from "./session";
import { SettingsCtrl } from "./settings/ctrl";
import { settingsView } from "./settings/view";
import { NewTournamentCtrl, TournamentCtrl, TournamentListCtrl } from "./tournaments/ctrl";
import { newTournamentView, tournamentListView, tournamentView } from "./tournaments/view";

/** The staff board screen, loaded on first use (its own chunk; players never fetch it). */
class StaffScreen {
  private mod: typeof import("./staff/inspect") | null = null;
  private inner: import("./staff/inspect").StaffBoardCtrl | null = null;
  error: string | null = null;

  constructor(private readonly route: Route & { name: "staff_board" }) {}

  async load(): Promise<void> {
    try {
      const mod = await import("./staff/inspect");
      this.inner = new mod.StaffBoardCtrl(this.route.id, this.route.seq, mod.viewerParam(this.route.seat));
      this.mod = mod;
      await this.inner.load();
    } catch (err) {
      this.error = String(err);
      redraw();
    }
  }

  view(): ComponentChild {
    if (this.mod && this.inner) return this.mod.staffBoardView(this.inner);
    return (
      <main id="main" class="page">
        <p class="muted">{this.error ?? t("loading")}</p>
      </main>
    );
  }
}

type Screen =
  | { route: Route & { name: "inbox" }; ctrl: InboxCtrl }
  | { route: Route & { name: "login" | "register" }; ctrl: LoginCtrl }
  | { route: Route & { name: "new" }; ctrl: NewMatchCtrl }
  | { route: Route & { name: "match" }; ctrl: MatchCtrl }
  | { route: Route & { name: "replay" }; ctrl: ReplayCtrl }
  | { route: Route & { name: "profile" }; ctrl: ProfileCtrl }
  | { route: Route & { name: "settings" }; ctrl: SettingsCtrl }
  | { route: Route & { name: "rules" }; ctrl: RulesCtrl }
  | { route: Route & { name: "notifications" }; ctrl: NotificationsCtrl }
  | { route: Route & { name: "tournaments" }; ctrl: TournamentListCtrl }
  | { route: Route & { name: "tournament" }; ctrl: TournamentCtrl }
  | { route: Route & { name: "tournament_new" }; ctrl: NewTournamentCtrl }
  | { route: Route & { name: "staff_board" }; ctrl: StaffScreen }
  | { route: Route & { name: "account" }; ctrl: AccountCtrl }
  | { route: Route & { name: "forgot" }; ctrl: ForgotCtrl }
  | { route: Route & { name: "reset" }; ctrl: ResetCtrl }
  | { route: Route & { name: "verify_email" }; ctrl: VerifyCtrl }
  | { route: Route & { name: "unsubscribe" }; ctrl: UnsubscribeCtrl }
  | { route: Route & { name: "notfound" }; ctrl: null };

let screen: Screen | null = null;

// The account's mailed links open without a log-in: the link is the proof.
const PUBLIC = new Set(["login", "register", "rules", "forgot", "reset", "verify_email", "unsubscribe"]);

setUnauthorizedHandler(() => {
  if (screen && !PUBLIC.has(screen.route.name)) {
    signedOutElsewhere(); // the sign-in screen says why it is shown
    navigate({ name: "login" }, true);
  } else {
    loggedOut();
  }
});

function make(route: Route): Screen {
  const user = currentUser();
  switch (route.name) {
    case "inbox":
      return { route, ctrl: new InboxCtrl(user!.username) };
    case "login":
    case "register":
      return { route, ctrl: new LoginCtrl(route.name) };
    case "new":
      return { route, ctrl: new NewMatchCtrl(route.game) };
    case "match":
      return { route, ctrl: new MatchCtrl(route.id) };
    case "replay":
      return { route, ctrl: new ReplayCtrl(route.id, route.version) };
    case "profile":
      return { route: route, ctrl: new ProfileCtrl(route.username ?? user!.username) };
    case "settings":
      return { route, ctrl: new SettingsCtrl() };
    case "rules":
      return { route, ctrl: new RulesCtrl(route.game, route.match) };
    case "notifications":
      return { route, ctrl: new NotificationsCtrl() };
    case "tournaments":
      return { route, ctrl: new TournamentListCtrl() };
    case "tournament":
      return { route, ctrl: new TournamentCtrl(route.id) };
    case "tournament_new":
      return { route, ctrl: new NewTournamentCtrl() };
    case "staff_board":
      return { route, ctrl: new StaffScreen(route) };
    case "account":
      return { route, ctrl: new AccountCtrl() };
    case "forgot":
      return { route, ctrl: new ForgotCtrl() };
    case "reset":
      return { route, ctrl: new ResetCtrl(route.uid, route.token) };
    case "verify_email":
      return { route, ctrl: new VerifyCtrl(route.uid, route.token) };
    case "unsubscribe":
      return { route, ctrl: new UnsubscribeCtrl(route.token) };
    default:
      return { route, ctrl: null };
  }
}

export function show(route: Route): void {
  if (!currentUser() && !PUBLIC.has(route.name)) {
    navigate({ name: "login" }, true);
    return;
  }
  // A screen that listens (the match's socket, the inbox's) stops when the player leaves it.
  if (screen?.ctrl && "destroy" in screen.ctrl) screen.ctrl.destroy();
  screen = make(route);
  const ctrl = screen.ctrl;
  if (ctrl && "load" in ctrl) void ctrl.load();
  // The bell's count, read again as the player moves around (the list sets it itself).
  if (route.name !== "notifications") watchUnread(currentUser() !== null);
  document.title = `Ludoteka`;
  redraw();
  // Move focus to the new screen for keyboard and screen-reader users.
  requestAnimationFrame(() => document.getElementById("main")?.focus({ preventScroll: true }));
}

/** The network or the page came back: let the live screen catch up. */
export function wake(): void {
  if (screen?.ctrl instanceof MatchCtrl) screen.ctrl.wake();
  if (screen?.ctrl instanceof InboxCtrl) void screen.ctrl.load();
  if (currentUser()) void refreshUnread();
}

/** The bell in the top bar: the unread count, and the way to the list. */
function Bell({ active }: { active: boolean }): ComponentChild {
  const n = unreadCount();
  const label = n > 0 ? t("bell_unread", { n }) : t("notifications_title");
  return (
    <a href={href({ name: "notifications" })} class={`bell${active ? " active" : ""}`} aria-label={label} title={label} data-unread={n}>
      <Icon name="bell" size={22} />
      {n > 0 && (
        <span class="bell-badge" aria-hidden="true">
          {n > 99 ? "99+" : n}
        </span>
      )}
    </a>
  );
}

function Nav({ active }: { active: string }): ComponentChild {
  const items: { name: Route["name"]; label: string; icon: string; to: Route }[] = [
    { name: "inbox", label: t("nav_home"), icon: "⌂", to: { name: "inbox" } },
    { name: "new", label: t("nav_new"), icon: "+", to: { name: "new" } },
    { name: "profile", label: t("nav_profile"), icon: "☺", to: { name: "profile" } },
    { name: "tournaments", label: t("nav_tournaments"), icon: "♜", to: { name: "tournaments" } },
    { name: "settings", label: t("nav_settings"), icon: "⚙", to: { name: "settings" } },
  ];
  return (
    <nav class="tabs" aria-label="Ludoteka">
      {items.map((i) => (
        <a key={i.name} href={href(i.to)} class={active === i.name ? "tab active" : "tab"} aria-current={active === i.name ? "page" : undefined}>
          <span class="tab-icon" aria-hidden="true">
            {i.icon}
          </span>
          <span class="tab-label">{i.label}</span>
        </a>
      ))}
    </nav>
  );
}

function body(s: Screen): ComponentChild {
  switch (s.route.name) {
    case "inbox":
      return inboxView(s.ctrl as InboxCtrl);
    case "login":
    case "register":
      return loginView(s.ctrl as LoginCtrl);
    case "new":
      return newMatchView(s.ctrl as NewMatchCtrl);
    case "match": {
      const c = s.ctrl as MatchCtrl;
      return matchView(c, c.game?.name ?? gameName(knownGames(), c.detail?.game ?? ""));
    }
    case "replay": {
      const c = s.ctrl as ReplayCtrl;
      return replayView(c, c.game?.name ?? "");
    }
    case "profile":
      return profileView(s.ctrl as ProfileCtrl);
    case "settings":
      return settingsView(s.ctrl as SettingsCtrl);
    case "rules":
      return rulesView(s.ctrl as RulesCtrl);
    case "notifications":
      return notificationsView(s.ctrl as NotificationsCtrl);
    case "tournaments":
      return tournamentListView(s.ctrl as TournamentListCtrl);
    case "tournament":
      return tournamentView(s.ctrl as TournamentCtrl);
    case "tournament_new":
      return newTournamentView(s.ctrl as NewTournamentCtrl);
    case "staff_board":
      return (s.ctrl as StaffScreen).view();
    case "account":
      return accountView(s.ctrl as AccountCtrl);
    case "forgot":
      return forgotView(s.ctrl as ForgotCtrl);
    case "reset":
      return resetView(s.ctrl as ResetCtrl);
    case "verify_email":
      return verifyView(s.ctrl as VerifyCtrl);
    case "unsubscribe":
      return unsubscribeView(s.ctrl as UnsubscribeCtrl);
    default:
      return (
        <main id="main" class="page">
          <h1>{t("not_found")}</h1>
          <a href="/">{t("nav_home")}</a>
        </main>
      );
  }
}

export function App(): ComponentChild {
  if (!screen) return null;
  const user = currentUser();
  const other = lang() === "cs" ? "en" : "cs";
  return (
    <div class={`shell${user ? " with-tabs" : ""}`}>
      <a class="skip" href="#main">
        {t("skip")}
      </a>
      <header class="topbar">
        <a class="brand" href="/" aria-label={t("app")}>
          <img src={iconUrl} width="28" height="28" alt="" />
          <span>{t("app")}</span>
        </a>
        {user && <Bell active={screen.route.name === "notifications"} />}
        <button
          type="button"
          class="lang-switch"
          lang={other}
          aria-label={`${other.toUpperCase()} ${other === "cs" ? "Čeština" : "English"}`}
          onClick={() => {
            setLang(other);
            redraw();
          }}
        >
          {other.toUpperCase()}
        </button>
      </header>
      <div class="content" tabIndex={-1}>
        {body(screen)}
      </div>
      {user && <Nav active={screen.route.name.startsWith("tournament") ? "tournaments" : screen.route.name === "account" ? "settings" : screen.route.name} />}
    </div>
  );
}
