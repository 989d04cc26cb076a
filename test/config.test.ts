// parseConfig turns the environment into the server's settings, or stops with a message naming the
// variable at fault (scripts/serve.ts prints it and exits 1).
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/server/config.ts";

function problemsOf(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`parseConfig accepted ${JSON.stringify(env)}`);
}

describe("parseConfig defaults", () => {
  it("fills every setting from an empty environment", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      baseUrl: "http://localhost:3000",
      authUrl: "http://localhost:3000/api/auth",
      apiUrl: "http://localhost:3000/api",
      environment: "development",
      dataDir: "./.data",
      adminEmails: [],
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.sentryDsn).toBeUndefined();
    expect(config.authSecret).toBeUndefined();
  });

  it("derives the default base URL from PORT", () => {
    expect(parseConfig({ PORT: "8080" })).toMatchObject({ port: 8080, baseUrl: "http://localhost:8080" });
  });

  it("treats blank optional values as unset", () => {
    const config = parseConfig({ BASE_URL: "  ", DATABASE_URL: "", SMTP_URL: " ", SENTRY_DSN: "" });
    expect(config.baseUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.sentryDsn).toBeUndefined();
  });
});

describe("parseConfig overrides", () => {
  it("takes every variable it is given", () => {
    const config = parseConfig({
      PORT: "4000",
      BASE_URL: "https://portico.example.com/",
      APP_ENV: "staging",
      DATA_DIR: "/var/lib/portico",
      DATABASE_URL: "postgresql://app@db:5432/portico",
      BETTER_AUTH_SECRET: "x".repeat(32),
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      SENTRY_DSN: "https://key@sentry.example.com/1",
      MAIL_FROM: "Ops <ops@example.com>",
    });
    expect(config).toMatchObject({
      port: 4000,
      baseUrl: "https://portico.example.com",
      authUrl: "https://portico.example.com/api/auth",
      apiUrl: "https://portico.example.com/api",
      environment: "staging",
      dataDir: "/var/lib/portico",
      databaseUrl: "postgresql://app@db:5432/portico",
      authSecret: "x".repeat(32),
      smtpUrl: "smtps://user:pass@mail.example.com:465",
      sentryDsn: "https://key@sentry.example.com/1",
      mailFrom: "Ops <ops@example.com>",
    });
  });

  it("lets AUTH_URL and API_URL differ from the base URL", () => {
    const config = parseConfig({
      BASE_URL: "https://app.example.com",
      AUTH_URL: "https://auth.example.com/",
      API_URL: "https://api.example.com",
    });
    expect(config.authUrl).toBe("https://auth.example.com");
    expect(config.apiUrl).toBe("https://api.example.com");
  });

  it.each(["development", "test", "staging", "production"])("accepts APP_ENV=%s", (name) => {
    expect(parseConfig({ APP_ENV: name }).environment).toBe(name);
  });

  it("accepts both postgres:// and postgresql:// URLs", () => {
    expect(parseConfig({ DATABASE_URL: "postgres://u@h/d" }).databaseUrl).toBe("postgres://u@h/d");
    expect(parseConfig({ DATABASE_URL: "postgresql://u@h/d" }).databaseUrl).toBe("postgresql://u@h/d");
  });
});

describe("ADMIN_EMAILS", () => {
  it("splits on commas, trims, lower-cases and drops empty entries", () => {
    const config = parseConfig({ ADMIN_EMAILS: " Ana@Example.com, ,bob@example.com,, " });
    expect(config.adminEmails).toEqual(["ana@example.com", "bob@example.com"]);
  });

  it("is empty when unset or blank", () => {
    expect(parseConfig({ ADMIN_EMAILS: "   " }).adminEmails).toEqual([]);
  });
});

describe("parseConfig errors name the variable", () => {
  it.each([
    ["PORT", "abc", "PORT must be a number"],
    ["PORT", "0", "PORT must be between 1 and 65535"],
    ["PORT", "70000", "PORT must be between 1 and 65535"],
    ["PORT", "80.5", "PORT must be a whole number"],
    ["BASE_URL", "not-a-url", "BASE_URL must be an absolute http(s) URL"],
    ["BASE_URL", "ftp://example.com", "BASE_URL must be an absolute http(s) URL"],
    ["AUTH_URL", "/api/auth", "AUTH_URL must be an absolute http(s) URL"],
    ["API_URL", "api", "API_URL must be an absolute http(s) URL"],
    ["SENTRY_DSN", "nope", "SENTRY_DSN must be an absolute http(s) URL"],
    ["APP_ENV", "qa", "APP_ENV must be one of: development, test, staging, production"],
    ["DATABASE_URL", "mysql://u@h/d", "DATABASE_URL must start with postgres:// or postgresql://"],
    ["SMTP_URL", "http://mail.example.com", "SMTP_URL must start with smtp:// or smtps://"],
    ["BETTER_AUTH_SECRET", "short", "BETTER_AUTH_SECRET must be at least 32 characters"],
  ])("%s=%s", (name, value, message) => {
    const text = problemsOf({ [name]: value });
    expect(text.startsWith("Invalid configuration:\n")).toBe(true);
    expect(text).toContain(`  - ${name}: ${message}`);
  });

  it("lists every bad variable at once", () => {
    const text = problemsOf({ PORT: "abc", APP_ENV: "qa", SMTP_URL: "x" });
    expect(text.split("\n").filter((line) => line.startsWith("  - "))).toHaveLength(3);
    for (const name of ["PORT", "APP_ENV", "SMTP_URL"]) expect(text).toContain(`  - ${name}: `);
  });
});

describe("TRUSTED_PROXIES", () => {
  it("takes addresses and CIDR ranges", () => {
    const { trustedProxies } = parseConfig({ TRUSTED_PROXIES: "10.0.0.0/8, 192.0.2.7, ::1" });
    expect(trustedProxies.check("10.1.2.3", "ipv4")).toBe(true);
    expect(trustedProxies.check("192.0.2.7", "ipv4")).toBe(true);
    expect(trustedProxies.check("192.0.2.8", "ipv4")).toBe(false);
    expect(trustedProxies.check("::1", "ipv6")).toBe(true);
  });

  it("trusts nobody by default", () => {
    expect(parseConfig({}).trustedProxies.check("127.0.0.1", "ipv4")).toBe(false);
  });

  it.each(["proxy.example", "10.0.0.0/40"])("refuses %s, naming the variable", (value) => {
    expect(problemsOf({ TRUSTED_PROXIES: value })).toMatch(
      /TRUSTED_PROXIES: .* is not an IP address or CIDR range/,
    );
  });
});
