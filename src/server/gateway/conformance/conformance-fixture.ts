// Entry point of the test-only conformance fixture (MCP_CONFORMANCE_FIXTURES=true, refused when
// APP_ENV=production): with the flag on, /mcp answers every project with the official MCP conformance
// suite's tools, resources and prompts over stateful sessions instead of the project's own tools.
// handle-mcp.ts calls it after the Host/Origin check and authentication, so those still apply.
import type { App } from "../../app.ts";
import { FixtureSessions } from "./fixture-sessions.ts";

const IDLE_TIMEOUT_MS = 10 * 60_000;
const MAX_SESSIONS = 1000;
const RETRY_INTERVAL_MS = 1000;

const sessionsByApp = new WeakMap<App, FixtureSessions>();

/** The app's fixture sessions, or null when the flag is off. */
export function conformanceFixture(app: App, maxRequestBytes: number): FixtureSessions | null {
  if (!app.config.conformanceFixtures) return null;
  let sessions = sessionsByApp.get(app);
  if (!sessions) {
    sessions = new FixtureSessions({
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      maxSessions: MAX_SESSIONS,
      maxRequestBytes,
      retryIntervalMs: RETRY_INTERVAL_MS,
    });
    sessionsByApp.set(app, sessions);
  }
  return sessions;
}
