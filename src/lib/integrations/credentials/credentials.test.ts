// Every credential shape of requirements §3 with the messages of requirements §5 (and ours where the requirements show none).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { authFlowTypes, providerIds } from "../types.ts";
import { ALVENO_BASE_URLS } from "./alveno.ts";
import { CAFLOU_DEFAULT_BASE_URL } from "./caflou.ts";
import {
  credentialShape,
  credentialShapes,
  credentialSubmissionSchema,
  schemaKeepingSecrets,
  splitValues,
} from "./index.ts";
import { RAYNET_BASE_URL_MESSAGE, RAYNET_BASE_URLS } from "./raynet.ts";

/** Field → first message, for a provider/flow and some values. */
function problems(
  provider: (typeof providerIds)[number],
  flow: (typeof authFlowTypes)[number],
  values: object,
) {
  const shape = credentialShape(provider, flow);
  if (!shape) throw new Error(`no shape for ${provider}/${flow}`);
  const result = shape.schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(
    [...result.error.issues].reverse().map((issue) => [String(issue.path[0]), issue.message]),
  );
}
function parsed(
  provider: (typeof providerIds)[number],
  flow: (typeof authFlowTypes)[number],
  values: object,
) {
  return credentialShape(provider, flow)?.schema.parse(values);
}

describe("auth flows per provider (requirements §5)", () => {
  const submission = credentialSubmissionSchema({});
  const allowed: Record<string, string[]> = {
    google: ["oauth", "service-account"],
    atlassian: ["oauth", "api-token"],
    raynet: ["api-token"],
    caflou: ["api-token"],
    alveno: ["api-token"],
    brevo: ["api-token"],
    // Exa also connects with OAuth, without a saved credential (providers.ts oauthWithoutApp).
    exa: ["api-token"],
    openai: ["api-token"],
  };

  for (const provider of providerIds) {
    for (const flow of authFlowTypes) {
      const ok = (allowed[provider] ?? ["oauth"]).includes(flow);
      it(`${provider} + ${flow} → ${ok ? "has a shape" : "'Invalid auth flow type for the selected provider'"}`, () => {
        expect(Boolean(credentialShape(provider, flow))).toBe(ok);
        const result = submission.safeParse({ provider, authFlow: flow, values: {} });
        const flowIssue = result.error?.issues.find((issue) => issue.path[0] === "authFlow");
        if (ok) expect(flowIssue).toBeUndefined();
        else expect(flowIssue?.message).toBe("Invalid auth flow type for the selected provider");
      });
    }
  }

  it("has a shape for every allowed flow", () => {
    for (const provider of providerIds) {
      for (const flow of Object.keys(credentialShapes[provider])) {
        expect(credentialShape(provider, flow as "oauth")).toBeDefined();
      }
    }
  });
});

describe("OAuth app (clientId, clientSecret, redirectUri)", () => {
  it("requires each field", () => {
    expect(problems("google", "oauth", {})).toEqual({
      clientId: "Client ID is required",
      clientSecret: "Client secret is required",
      redirectUri: "Redirect URI must be a valid URL",
    });
    expect(
      problems("microsoft", "oauth", { clientId: "  ", clientSecret: "x", redirectUri: "nope" }),
    ).toEqual({
      clientId: "Client ID is required",
      redirectUri: "Redirect URI must be a valid URL",
    });
  });

  it("accepts a complete app for every OAuth provider", () => {
    const app = { clientId: "id", clientSecret: "secret", redirectUri: "https://portico.example/cb" };
    for (const provider of [
      "google",
      "atlassian",
      "microsoft",
      "hubspot",
      "salesforce",
      "monday",
      "pipedrive",
      "attio",
      "surveymonkey",
    ] as const) {
      expect(parsed(provider, "oauth", app)).toEqual(app);
    }
  });
});

describe("google service-account (JSON key, user to act as)", () => {
  const key = {
    type: "service_account",
    client_email: "robot@p.iam.gserviceaccount.com",
    private_key: "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n",
    token_uri: "https://oauth2.googleapis.com/token",
  };
  it("requires a service account's JSON key and the user's email, and says what is wrong with a key", () => {
    expect(problems("google", "service-account", {})).toEqual({
      serviceAccountKey: "Paste the service account's JSON key",
      subject: "The email of the user to act as is required",
    });
    const values = { serviceAccountKey: JSON.stringify(key), subject: "ada@acme.test" };
    expect(parsed("google", "service-account", values)).toEqual(values);
    const withKey = (value: unknown) =>
      problems("google", "service-account", { serviceAccountKey: JSON.stringify(value), subject: "a@b.co" });
    expect(withKey({ ...key, type: "authorized_user" }).serviceAccountKey).toMatch(
      /not a service account key/,
    );
    expect(withKey({ ...key, client_email: undefined }).serviceAccountKey).toBe(
      'The key has no "client_email"',
    );
    expect(withKey({ ...key, private_key: "secret" }).serviceAccountKey).toMatch(
      /no "private_key" in PEM form/,
    );
    expect(withKey({ ...key, token_uri: "nope" }).serviceAccountKey).toBe(
      'The key\'s "token_uri" is not a URL',
    );
    expect(
      problems("google", "service-account", { serviceAccountKey: "{", subject: "a@b.co" }).serviceAccountKey,
    ).toMatch(/^The key is not JSON/);
  });
});

describe("atlassian api-token (email, apiToken, siteUrl)", () => {
  it("requires each field, a valid email and the site's address (kept as its origin)", () => {
    expect(problems("atlassian", "api-token", {})).toEqual({
      email: "Email is required",
      apiToken: "API token is required",
      siteUrl: "Site URL must be your site's address, like https://your-site.atlassian.net",
    });
    expect(
      problems("atlassian", "api-token", {
        email: "nope",
        apiToken: "t",
        siteUrl: "https://a.atlassian.net",
      }),
    ).toEqual({ email: "Enter a valid email address" });
    expect(
      parsed("atlassian", "api-token", {
        email: "a@b.co",
        apiToken: "t",
        siteUrl: "https://acme.atlassian.net/jira/your-work",
      }),
    ).toEqual({ email: "a@b.co", apiToken: "t", siteUrl: "https://acme.atlassian.net" });
  });
});

describe("raynet (email, apiKey, namespace)", () => {
  it("requires each field", () => {
    expect(problems("raynet", "api-token", {})).toEqual({
      email: "Email is required",
      apiKey: "API Key is required",
      namespace: "Namespace is required",
    });
  });

  it("takes one of the reference's regional hosts, Czech by default", () => {
    const base = { email: "ops@acme.test", apiKey: "k", namespace: "acme" };
    expect(parsed("raynet", "api-token", base)).toMatchObject({ baseUrl: RAYNET_BASE_URLS.cz });
    expect(parsed("raynet", "api-token", { ...base, baseUrl: RAYNET_BASE_URLS.sk })).toMatchObject({
      baseUrl: RAYNET_BASE_URLS.sk,
    });
    expect(problems("raynet", "api-token", { ...base, baseUrl: "https://evil.example/api/v2" })).toEqual({
      baseUrl: RAYNET_BASE_URL_MESSAGE,
    });
  });
});

describe("caflou (requirements §5)", () => {
  it("requires the email and password Caflou's login takes, and the account id", () => {
    expect(problems("caflou", "api-token", { baseUrl: "https://app.caflou.cz" })).toEqual({
      email: "Email is required",
      password: "Password is required",
      accountId: "Account ID is required",
    });
    // Caflou documents no API key: a key alone is not a Caflou credential.
    expect(problems("caflou", "api-token", { apiKey: "k", accountId: "42" })).toMatchObject({
      email: "Email is required",
      password: "Password is required",
    });
  });

  it("keeps the password as typed (spaces included)", () => {
    expect(parsed("caflou", "api-token", { email: "a@b.cz", password: " p ", accountId: "4" })).toMatchObject(
      {
        password: " p ",
      },
    );
  });

  it("needs a valid base URL and defaults to Caflou's own app address", () => {
    const base = { email: "a@b.cz", password: "p", accountId: "42" };
    for (const baseUrl of ["not a url", "javascript:alert(1)", "ftp://files.example"]) {
      expect(problems("caflou", "api-token", { ...base, baseUrl })).toEqual({
        baseUrl: "Base URL must be a valid URL",
      });
    }
    expect(parsed("caflou", "api-token", { ...base, baseUrl: "" })).toMatchObject({
      baseUrl: CAFLOU_DEFAULT_BASE_URL,
    });
    expect(parsed("caflou", "api-token", base)).toMatchObject({ baseUrl: CAFLOU_DEFAULT_BASE_URL });
    expect(parsed("caflou", "api-token", { ...base, baseUrl: "https://caflou.example.com/" })).toMatchObject({
      baseUrl: "https://caflou.example.com",
    });
  });
});

describe("alveno (requirements §5)", () => {
  it("requires apiKey and tenantId", () => {
    expect(problems("alveno", "api-token", {})).toEqual({
      apiKey: "API Key is required",
      tenantId: "Tenant ID is required",
    });
  });

  it("accepts only the Czech or Slovak API address, Czech by default", () => {
    const base = { apiKey: "k", tenantId: "t" };
    expect(parsed("alveno", "api-token", base)).toMatchObject({ baseUrl: ALVENO_BASE_URLS.cz });
    expect(parsed("alveno", "api-token", { ...base, baseUrl: ALVENO_BASE_URLS.sk })).toMatchObject({
      baseUrl: ALVENO_BASE_URLS.sk,
    });
    expect(problems("alveno", "api-token", { ...base, baseUrl: "https://evil.example" })).toEqual({
      baseUrl: "Base URL must be the Czech or Slovak Alveno API address",
    });
  });

  it("is Alveno's documented external API in Czechia, and reads the addresses saved before as their region", () => {
    expect(ALVENO_BASE_URLS.cz).toBe("https://hr.alveno.cz/api/external");
    const base = { apiKey: "k", tenantId: "t" };
    expect(parsed("alveno", "api-token", { ...base, baseUrl: "https://api.alveno.cz" })).toMatchObject({
      baseUrl: ALVENO_BASE_URLS.cz,
    });
    expect(parsed("alveno", "api-token", { ...base, baseUrl: "https://api.alveno.sk" })).toMatchObject({
      baseUrl: ALVENO_BASE_URLS.sk,
    });
  });
});

describe("brevo and exa (mcpApiKey)", () => {
  it("requires the MCP API key", () => {
    expect(problems("brevo", "api-token", {})).toEqual({ mcpApiKey: "MCP API key is required" });
    expect(problems("exa", "api-token", { mcpApiKey: " " })).toEqual({
      mcpApiKey: "MCP API key is required",
    });
    expect(parsed("exa", "api-token", { mcpApiKey: "exa-key" })).toEqual({ mcpApiKey: "exa-key" });
  });
});

describe("openai (requirements §5)", () => {
  it("requires an API key starting with sk-", () => {
    expect(problems("openai", "api-token", {})).toEqual({ apiKey: "OpenAI API key is required" });
    expect(problems("openai", "api-token", { apiKey: "pk-123" })).toEqual({
      apiKey: "Invalid API key format. Must start with 'sk-'",
    });
  });

  it("takes an optional model from the list and an optional base URL", () => {
    expect(parsed("openai", "api-token", { apiKey: "sk-1", model: "", baseUrl: "" })).toEqual({
      apiKey: "sk-1",
    });
    expect(
      parsed("openai", "api-token", {
        apiKey: "sk-1",
        model: "gpt-4.1-mini",
        baseUrl: "http://llm.local/v1",
      }),
    ).toEqual({ apiKey: "sk-1", model: "gpt-4.1-mini", baseUrl: "http://llm.local/v1" });
    expect(problems("openai", "api-token", { apiKey: "sk-1", model: "gpt-2" })).toEqual({
      model: "Choose one of the listed models",
    });
    expect(problems("openai", "api-token", { apiKey: "sk-1", baseUrl: "nope" })).toEqual({
      baseUrl: "Base URL must be a valid URL",
    });
  });
});

describe("submission", () => {
  const submission = credentialSubmissionSchema({ organizationId: z.string() });

  it("reports field problems at the field's own name", () => {
    const result = submission.safeParse({
      organizationId: "o",
      provider: "caflou",
      authFlow: "api-token",
      values: { email: "a@b.cz", password: "p", accountId: "", baseUrl: "bad" },
    });
    expect(result.error?.flatten().fieldErrors).toEqual({
      accountId: ["Account ID is required"],
      baseUrl: ["Base URL must be a valid URL"],
    });
  });

  it("lets secret fields stay empty (the server keeps the saved secret), but not the others", () => {
    const result = submission.safeParse({
      organizationId: "o",
      provider: "raynet",
      authFlow: "api-token",
      values: { email: "a@b.co", apiKey: "", namespace: "acme" },
    });
    expect(result.success).toBe(true);
  });

  it("rejects an unknown provider", () => {
    const result = submission.safeParse({
      organizationId: "o",
      provider: "myspace",
      authFlow: "oauth",
      values: {},
    });
    expect(result.error?.flatten().fieldErrors.provider).toEqual(["Unknown provider"]);
  });

  it("schemaKeepingSecrets still checks a new secret's format", () => {
    const shape = credentialShape("openai", "api-token");
    if (!shape) throw new Error("no shape");
    const keep = schemaKeepingSecrets(shape, ["apiKey"]);
    expect(keep.safeParse({ apiKey: "" }).success).toBe(true);
    expect(keep.safeParse({ apiKey: "nope" }).error?.issues[0]?.message).toBe(
      "Invalid API key format. Must start with 'sk-'",
    );
  });

  it("splits values into plain configuration and secrets", () => {
    const shape = credentialShape("caflou", "api-token");
    if (!shape) throw new Error("no shape");
    expect(
      splitValues(shape, { email: "a@b.cz", password: "p", accountId: "1", baseUrl: "https://x.example" }),
    ).toEqual({
      config: { email: "a@b.cz", accountId: "1", baseUrl: "https://x.example" },
      secrets: { password: "p" },
    });
  });
});
