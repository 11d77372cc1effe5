/** Boot: the language, the first screen, redraws, the service worker. */

import { render } from "preact";
import { App, show, wake } from "./app";
import { lang, setLang } from "./i18n";
import { setDraw } from "./redraw";
import { current, onNavigate } from "./router";
import "./styles.css";
import "./words.css";

setLang(lang());
const root = document.getElementById("app")!;
root.textContent = ""; // the "loading" line of index.html
setDraw(() => render(<App />, root));
onNavigate(show);
show(current());

window.addEventListener("online", wake);
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) wake();
});

if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  });
  // A notification tapped while the app is open: the worker asks us to go there.
  navigator.serviceWorker.addEventListener("message", (ev: MessageEvent) => {
    const data = ev.data as { type?: string; url?: string } | null;
    if (data?.type === "navigate" && typeof data.url === "string") {
      const url = new URL(data.url, location.href);
      if (url.origin === location.origin) history.pushState(null, "", url.pathname + url.search), show(current());
    }
  });
}
