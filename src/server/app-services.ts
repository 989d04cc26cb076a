// The services every part of the server is handed, as a type of its own: app.ts builds them and imports
// every module, so a module naming App from there would close an import circle through app.ts. The
// modules that the gateway and auth themselves import cannot name App either (it names Gateway and
// Auth): they take the narrow shape they use, such as { db: Database }.
import type { JobQueue } from "./agents/schedules/job-queue.ts";
import type { Auth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import type { Keyring } from "./crypto/envelope.ts";
import type { DatabaseHandle } from "./db/client.ts";
import type { Gateway } from "./gateway/gateway.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { Tracing } from "./observability/tracing.ts";

export interface App {
  config: Config;
  database: DatabaseHandle;
  db: DatabaseHandle["db"];
  auth: Auth;
  mailer: Mailer;
  gateway: Gateway;
  /** Master keys for secrets at rest (integration credentials and tokens). */
  keyring: Keyring;
  /** OpenTelemetry traces over OTLP, when an endpoint is configured (observability/tracing.ts). */
  tracing: Tracing | null;
  /**
   * The job queue (pg-boss): scheduled agent runs (agents/schedules/) and webhook deliveries
   * (builder-webhooks/), started on the first schedule or endpoint.
   */
  agentSchedules: { queue: JobQueue };
  /** What a first sign-up from another machine must give (auth/instance-claim.ts). */
  setupCode: string;
}
