/** Build steps of the PWA beyond Vite's own (vite.config.ts uses them):
 *
 * - `manifestWithHashedIcons`: the web app manifest (`manifest.template.json`) written into the
 *   build as `manifest.webmanifest` (the one URL that must not change), its icons emitted under
 *   hashed names in `assets/`, which browsers may cache for ever (issue 38: the SVG icon was
 *   cached 60 s under a fixed name).
 * - `precompress`: every text file of the build written again beside itself gzip- and
 *   brotli-compressed (`.gz`, `.br`, at their highest levels), so that the server sends the
 *   smallest its client accepts at no cost per request: WhiteNoise picks such a sibling by the
 *   request's Accept-Encoding (core/settings/base.py), core.views.home does for index.html.
 *   Node's own zlib does both: no package, and the server still needs only Python. */

import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

interface ManifestIcon {
  src: string;
  [key: string]: unknown;
}

/** Emits `template` (a manifest whose icon `src`s are paths from the PWA's root) as
 * `manifest.webmanifest`, each icon emitted as an asset and named by its hashed URL. */
export function manifestWithHashedIcons(root: string, template = "manifest.template.json"): Plugin {
  return {
    name: "ludoteka-manifest",
    apply: "build",
    generateBundle() {
      const manifest = JSON.parse(readFileSync(resolve(root, template), "utf8")) as { icons?: ManifestIcon[] };
      for (const icon of manifest.icons ?? []) {
        const ref = this.emitFile({ type: "asset", name: basename(icon.src), source: readFileSync(resolve(root, icon.src)) });
        icon.src = `/${this.getFileName(ref)}`;
      }
      this.emitFile({ type: "asset", fileName: "manifest.webmanifest", source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}

/** What is worth compressing: text (PNGs are compressed already). */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 256;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === ".vite") continue; // the build's own manifest: read by bench/pwa_size.py, never served
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** The `.gz` and `.br` siblings of `data`: kept only where they are smaller. */
export function compressed(data: Buffer): { gz: Buffer | null; br: Buffer | null } {
  const gz = gzipSync(data, { level: 9 });
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  return { gz: gz.length < data.length ? gz : null, br: br.length < data.length ? br : null };
}

export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "ludoteka-precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of files(outDir)) {
        if (!TEXT.test(path)) continue;
        const data = readFileSync(path);
        if (data.length < MIN_BYTES) continue;
        const { gz, br } = compressed(data);
        if (gz) writeFileSync(`${path}.gz`, gz);
        if (br) writeFileSync(`${path}.br`, br);
      }
    },
  };
}
