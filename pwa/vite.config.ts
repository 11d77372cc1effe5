/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from "vite";
import { manifestWithHashedIcons, precompress } from "./build.plugins.ts";

// What the service worker keeps for offline starts besides the built files (the manifest and
// the icons are among those: build.plugins.ts).
const PUBLIC_SHELL = ["/"];

/** Writes the list of built files into the service worker (its app-shell cache) and names the
 * cache after their hashes, so a new build replaces the old cache in one step. */
function precacheList(): Plugin {
  return {
    name: "ludoteka-precache",
    enforce: "post",
    generateBundle(_options, bundle) {
      // Not the large icons: the system reads them when the app is installed, never offline.
      const files = Object.keys(bundle)
        .filter((name) => name !== "sw.js" && !name.endsWith(".html") && !name.endsWith(".map") && !name.startsWith(".vite/"))
        .filter((name) => !/icon(-maskable)?-512/.test(name))
        .map((name) => "/" + name)
        .sort();
      const list = [...PUBLIC_SHELL, ...files];
      let hash = 0;
      for (const ch of list.join("|")) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
      const sw = bundle["sw.js"];
      if (sw && sw.type === "chunk") {
        sw.code = sw.code
          .replace(/["'`]__PRECACHE_LIST__["'`]/, JSON.stringify(list))
          .replace("__CACHE_VERSION__", (hash >>> 0).toString(36));
      }
    },
  };
}

export default defineConfig({
  plugins: [manifestWithHashedIcons(import.meta.dirname), precacheList(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2020",
    sourcemap: false,
    manifest: true, // dist/.vite/manifest.json: which chunk is which (bench/pwa_size.py reads it)
    rollupOptions: {
      input: { main: "index.html", sw: "src/sw.ts" },
      output: {
        entryFileNames: (chunk) => (chunk.name === "sw" ? "sw.js" : "assets/[name]-[hash].js"),
      },
    },
  },
  test: {
    environment: "node",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
  },
});
