// Unit and integration tests. The TanStack Start plugin is left out on purpose: tests import server
// modules directly, and HTTP tests drive the production build that `npm test` makes first.
import { fileURLToPath } from "node:url";
import viteReact from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// One migrated database per run that every test database copies (about 3 s saved per database); the
// unit suite opens no database, so it does not wait for one.
const templateDatabase = "test/support/template-database.global.ts";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  plugins: [viteReact()],
  test: {
    environment: "node",
    // Three suites, each its own command (package.json): unit tests need neither a database nor a
    // build (feedback in seconds), integration tests run the app in process on a scratch database, and
    // HTTP tests start the production build, which only `npm test` and `npm run test:http` make first.
    projects: [
      {
        extends: true,
        // Files share their worker's modules here too (31 → 9 s for the suite): none mocks modules, and
        // none opens a database (test-suites.test.ts; those are integration tests).
        test: { name: "unit", include: ["src/**/*.test.{ts,tsx}", "test/*.test.ts"], isolate: false },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // Files share their worker's loaded modules: importing the app anew for each file was ~60 % of
          // the suite's time (716 → 304 s on PGlite). They share no state through them — each file opens
          // its own database and app (test/support/app.ts), and nothing in the suite mocks modules or
          // changes the environment.
          isolate: false,
          globalSetup: [templateDatabase],
          include: [
            "test/integration/**/*.test.ts",
            "test/support/**/*.test.ts",
            // The manifests' validation; replicas.test.ts skips itself unless deploy/scripts/ci-image.sh runs it.
            "test/deploy/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: { name: "http", include: ["test/http/**/*.test.ts"], globalSetup: [templateDatabase] },
      },
    ],
    exclude: ["test/e2e/**", "node_modules/**", "dist/**"],
    // Child processes, not threads: a crash or leaked handle in one cannot take the others down. Unit and
    // HTTP files get a process each (integration files share theirs, above). Two cores, two workers.
    pool: "forks",
    isolate: true,
    maxWorkers: 2,
    testTimeout: 30_000,
    // Starting a server or creating a PostgreSQL database plus migrations happens in hooks.
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    reporters: ["default"],
  },
});
