/** The generated types match what they are generated from (pwa/scripts/gen-types.mjs): the
 * committed OpenAPI dump and the games' view schemas. A stale copy: run deploy/gen_api_types.sh. */

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("../../scripts/gen-types.mjs", import.meta.url));

describe("generated API types", () => {
  it("are what the committed schemas give", () => {
    const run = spawnSync(process.execPath, [script, "--check"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  }, 60_000);
});
