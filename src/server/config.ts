// Runtime configuration, read once from the environment and validated at start. A bad value stops
// the server with a message that names the variable, instead of failing later in a request.
import { z } from "zod";
import { llmEndpointsSchema } from "./agents/credentials/llm-endpoints.ts";
import { httpUrl } from "./config-values.ts";
import { encryptionKeysSchema } from "./crypto/key-format.ts";
import { trustedProxyList } from "./http/client-address.ts";
import { integrationEndpointsSchema } from "./integrations/endpoint-overrides.ts";
import { logLevels } from "./observability/logger.ts";

const url = (name: string) => httpUrl(`${name} must be an absolute http(s) URL`);

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** OTLP/HTTP's encodings (https://opentelemetry.io/docs/specs/otel/protocol/exporter/); grpc is not offered. */
const otlpProtocol = (name: string) =>
  optionalText.pipe(
    z
      .enum(["http/protobuf", "http/json"], { message: `${name} must be http/protobuf or http/json` })
      .optional(),
  );

export const environmentNames = ["development", "test", "staging", "production"] as const;

const configSchema = z
  .object({
    PORT: z.coerce
      .number({ message: "PORT must be a number" })
      .int("PORT must be a whole number")
      .min(1, "PORT must be between 1 and 65535")
      .max(65535, "PORT must be between 1 and 65535")
      .default(3000),
    BASE_URL: optionalText.pipe(url("BASE_URL").optional()),
    AUTH_URL: optionalText.pipe(url("AUTH_URL").optional()),
    API_URL: optionalText.pipe(url("API_URL").optional()),
    APP_ENV: z
      .enum(environmentNames, {
        message: `APP_ENV must be one of: ${environmentNames.join(", ")}`,
      })
      .default("development"),
    DATA_DIR: z.string().min(1).default("./.data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
        .optional(),
    ),
    BETTER_AUTH_SECRET: optionalText.pipe(
      z.string().min(32, "BETTER_AUTH_SECRET must be at least 32 characters").optional(),
    ),
    ADMIN_EMAILS: optionalText.transform((value) =>
      (value ?? "")
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
    /** The code a first sign-up from another machine must give (auth/instance-claim.ts); derived when unset. */
    SETUP_CODE: optionalText.pipe(z.string().min(8, "SETUP_CODE must be at least 8 characters").optional()),
    SENTRY_DSN: optionalText.pipe(url("SENTRY_DSN").optional()),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
        .optional(),
    ),
    REQUIRE_EMAIL_VERIFICATION: z
      .enum(["true", "false"], { message: "REQUIRE_EMAIL_VERIFICATION must be true or false" })
      .default("false"),
    MAIL_FROM: z.string().default("Portico <no-reply@portico.localhost>"),
    ENCRYPTION_KEYS: optionalText.pipe(encryptionKeysSchema.optional()),
    INTEGRATION_ENDPOINTS: optionalText.pipe(integrationEndpointsSchema),
    LLM_ENDPOINTS: optionalText.pipe(llmEndpointsSchema),
    TOOL_TIMEOUT_MS: z.coerce
      .number({ message: "TOOL_TIMEOUT_MS must be a number" })
      .int("TOOL_TIMEOUT_MS must be a whole number")
      .min(100, "TOOL_TIMEOUT_MS must be between 100 and 600000")
      .max(600_000, "TOOL_TIMEOUT_MS must be between 100 and 600000")
      .default(60_000),
    LLM_TIMEOUT_MS: z.coerce
      .number({ message: "LLM_TIMEOUT_MS must be a number" })
      .int("LLM_TIMEOUT_MS must be a whole number")
      .min(100, "LLM_TIMEOUT_MS must be between 100 and 600000")
      .max(600_000, "LLM_TIMEOUT_MS must be between 100 and 600000")
      .default(120_000),
    APPROVAL_TTL_MINUTES: z.coerce
      .number({ message: "APPROVAL_TTL_MINUTES must be a number" })
      .min(0.01, "APPROVAL_TTL_MINUTES must be between 0.01 and 43200")
      .max(43_200, "APPROVAL_TTL_MINUTES must be between 0.01 and 43200")
      .default(1440),
    ALLOW_PRIVATE_URLS: z
      .enum(["true", "false"], { message: "ALLOW_PRIVATE_URLS must be true or false" })
      .default("false"),
    OAUTH_HOST_CHECK: z
      .enum(["true", "false"], { message: "OAUTH_HOST_CHECK must be true or false" })
      .default("true"),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_URL: optionalText.pipe(url("STRIPE_API_URL").optional()),
    STRIPE_PRICE_START_MONTHLY: optionalText,
    STRIPE_PRICE_START_ANNUAL: optionalText,
    STRIPE_PRICE_BUSINESS_MONTHLY: optionalText,
    STRIPE_PRICE_BUSINESS_ANNUAL: optionalText,

    TRUSTED_PROXIES: optionalText.transform((value, ctx) => {
      const entries = (value ?? "")
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      try {
        return trustedProxyList(entries);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
    WEB_CONCURRENCY: z.coerce
      .number({ message: "WEB_CONCURRENCY must be a number" })
      .int("WEB_CONCURRENCY must be a whole number")
      .min(1, "WEB_CONCURRENCY must be between 1 and 64")
      .max(64, "WEB_CONCURRENCY must be between 1 and 64")
      .default(1),
    LOG_LEVEL: z.enum(logLevels, { message: `LOG_LEVEL must be one of: ${logLevels.join(", ")}` }).optional(),
    LOG_FORMAT: z.enum(["json", "pretty"], { message: "LOG_FORMAT must be json or pretty" }).optional(),
    METRICS: z.enum(["on", "off"], { message: "METRICS must be on or off" }).optional(),
    METRICS_PATH: z
      .string()
      .regex(/^\/[A-Za-z0-9._~/-]*$/, "METRICS_PATH must be a path starting with /")
      .refine((value) => !/^\/(api|mcp|app|assets|\.well-known)(\/|$)/.test(value), {
        message: "METRICS_PATH must not be under /api, /mcp, /app, /assets or /.well-known",
      })
      .default("/metrics"),
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
    ),
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(url("OTEL_EXPORTER_OTLP_ENDPOINT").optional()),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalText.pipe(
      url("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT").optional(),
    ),
    OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol("OTEL_EXPORTER_OTLP_PROTOCOL"),
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"),
    OTEL_SERVICE_NAME: z.string().min(1).default("portico"),
    OTEL_TRACES_SAMPLER_ARG: z.coerce
      .number({ message: "OTEL_TRACES_SAMPLER_ARG must be a number" })
      .min(0, "OTEL_TRACES_SAMPLER_ARG must be between 0 and 1")
      .max(1, "OTEL_TRACES_SAMPLER_ARG must be between 0 and 1")
      .default(1),
    TRACE_URL: optionalText.pipe(
      z
        .string()
        .refine((value) => value.includes("{traceId}") && /^https?:\/\//.test(value), {
          message: "TRACE_URL must be an http(s) URL containing {traceId}",
        })
        .optional(),
    ),
    SHUTDOWN_DELAY_MS: z.coerce
      .number({ message: "SHUTDOWN_DELAY_MS must be a number" })
      .int("SHUTDOWN_DELAY_MS must be a whole number")
      .min(0, "SHUTDOWN_DELAY_MS must be between 0 and 120000")
      .max(120_000, "SHUTDOWN_DELAY_MS must be between 0 and 120000")
      .default(0),
  })
  // The embedded database lives inside one process; several server processes need one PostgreSQL.
  .refine((env) => env.WEB_CONCURRENCY === 1 || env.DATABASE_URL !== undefined, {
    path: ["WEB_CONCURRENCY"],
    message:
      "WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database can only be opened by one process",
  })
  .transform((env) => {
    const baseUrl = env.BASE_URL ?? `http://localhost:${env.PORT}`;
    return {
      port: env.PORT,
      baseUrl,
      authUrl: env.AUTH_URL ?? `${baseUrl}/api/auth`,
      apiUrl: env.API_URL ?? `${baseUrl}/api`,
      environment: env.APP_ENV,
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      authSecret: env.BETTER_AUTH_SECRET,
      adminEmails: env.ADMIN_EMAILS,
      setupCode: env.SETUP_CODE,
      sentryDsn: env.SENTRY_DSN,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      /** New accounts confirm their email address by a mailed link before they can sign in. */
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION === "true",
      encryptionKeys: env.ENCRYPTION_KEYS,
      integrationEndpoints: env.INTEGRATION_ENDPOINTS,
      /** LLM providers' API base URLs replaced (a proxy, or local fakes in tests). */
      llmEndpoints: env.LLM_ENDPOINTS,
      /** Lets user-supplied URLs reach loopback and private networks: development and tests only. */
      allowPrivateUrls: env.ALLOW_PRIVATE_URLS === "true",
      /** Whether a provider's sign-in host must answer before a person is sent there (authorize-host-check.ts). */
      oauthHostCheck: env.OAUTH_HOST_CHECK === "true",
      /** The time limit of every tool run through the gateway. */
      toolTimeoutMs: env.TOOL_TIMEOUT_MS,
      /** The time limit of each model call an agent makes (one stage, or one executor turn). */
      llmTimeoutMs: env.LLM_TIMEOUT_MS,
      /** How long a call held for approval waits for a reviewer before it expires (governance). */
      approvalTtlMs: Math.round(env.APPROVAL_TTL_MINUTES * 60_000),
      /** Proxies whose X-Forwarded-For is believed for per-address limits (http/client-address.ts). */
      trustedProxies: env.TRUSTED_PROXIES,
      /** The server log (observability/logger.ts): JSON lines outside development unless told. */
      logging: {
        level: env.LOG_LEVEL ?? (env.APP_ENV === "test" ? "warn" : "info"),
        format:
          env.LOG_FORMAT ?? (env.APP_ENV === "development" || env.APP_ENV === "test" ? "pretty" : "json"),
      },
      /**
       * Prometheus metrics on `path`: behind the bearer token when one is set; without one, open in
       * development and tests and off in staging and production unless METRICS=on.
       */
      metrics: {
        enabled:
          env.METRICS === "on" ||
          (env.METRICS !== "off" &&
            (env.METRICS_TOKEN !== undefined || env.APP_ENV === "development" || env.APP_ENV === "test")),
        path: env.METRICS_PATH,
        token: env.METRICS_TOKEN,
      },
      /** OpenTelemetry traces over OTLP/HTTP, when an endpoint is set (observability/tracing.ts). */
      tracing: {
        endpoint:
          env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
          (env.OTEL_EXPORTER_OTLP_ENDPOINT ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces` : undefined),
        /** OTLP/HTTP's encoding: protobuf unless http/json is asked for (grpc is not offered). */
        protocol:
          env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf",
        serviceName: env.OTEL_SERVICE_NAME,
        sampleRatio: env.OTEL_TRACES_SAMPLER_ARG,
        /** Where a call's trace is shown ({traceId} replaced), for the call log's link. */
        traceUrl: env.TRACE_URL,
      },
      /** After SIGTERM, how long readiness fails while requests are still taken (load balancers notice). */
      shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
      /** Server processes sharing the port (scripts/serve.ts forks them); each is a full replica. */
      webConcurrency: env.WEB_CONCURRENCY,
      /** Stripe billing (server/billing/stripe-client.ts); without a secret key plans are set by hand. */
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        /** Where the SDK sends its requests: Stripe's own API unless set (tests point it at a fake). */
        apiUrl: env.STRIPE_API_URL,
        prices: {
          start: { monthly: env.STRIPE_PRICE_START_MONTHLY, annual: env.STRIPE_PRICE_START_ANNUAL },
          business: { monthly: env.STRIPE_PRICE_BUSINESS_MONTHLY, annual: env.STRIPE_PRICE_BUSINESS_ANNUAL },
        },
      },
    };
  });

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `  - ${issue.path.join(".") || "(config)"}: ${issue.message}`,
  );
  throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
}

let current: Config | undefined;

export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}
