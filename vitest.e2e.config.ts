// Browser tests: Debian's Chromium driven by playwright-core against the production build. One file at a
// time — each file starts its own server and browser, and the machine has two cores.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    environment: "node",
    include: ["test/e2e/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    // The files run one after another in one worker that keeps its loaded modules (playwright-core, the
    // support code): a new process per file cost ~5 s each. Servers and browsers are per file anyway.
    isolate: false,
    // Each file's server starts on a copy of one migrated data folder (test/support/server.ts).
    globalSetup: ["test/support/template-database.global.ts"],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
    reporters: ["default"],
  },
});
