// Credential shapes by provider and auth flow (requirements §3, §5), and the submission schema shared by the
// credential forms and the server. The form and the server run the same rules, so both report the
// same message for the same input.
import { z } from "zod";
import { INVALID_AUTH_FLOW_MESSAGE, isAuthFlowAllowed } from "../providers.ts";
import { authFlowTypeSchema, providerIdSchema } from "../schemas.ts";
import type { AuthFlowType, ProviderId } from "../types.ts";
import { alveno } from "./alveno.ts";
import { atlassianApiToken } from "./atlassian-api-token.ts";
import { caflou } from "./caflou.ts";
import type { CredentialShape } from "./fields.ts";
import { googleServiceAccount } from "./google-service-account.ts";
import { mcpApiKey } from "./mcp-api-key.ts";
import { oauthApp } from "./oauth-app.ts";
import { openai } from "./openai.ts";
import { raynet } from "./raynet.ts";
import { salesforceOAuthApp } from "./salesforce-oauth-app.ts";

export type { CredentialField, CredentialShape } from "./fields.ts";

export const credentialShapes: Record<ProviderId, Partial<Record<AuthFlowType, CredentialShape>>> = {
  google: { oauth: oauthApp, "service-account": googleServiceAccount },
  atlassian: { oauth: oauthApp, "api-token": atlassianApiToken },
  microsoft: { oauth: oauthApp },
  hubspot: { oauth: oauthApp },
  salesforce: { oauth: salesforceOAuthApp },
  monday: { oauth: oauthApp },
  pipedrive: { oauth: oauthApp },
  attio: { oauth: oauthApp },
  surveymonkey: { oauth: oauthApp },
  raynet: { "api-token": raynet },
  caflou: { "api-token": caflou },
  alveno: { "api-token": alveno },
  brevo: { "api-token": mcpApiKey },
  exa: { "api-token": mcpApiKey },
  openai: { "api-token": openai },
};

/** The shape for a provider and flow, or undefined when the provider does not allow that flow. */
export function credentialShape(provider: ProviderId, flow: AuthFlowType): CredentialShape | undefined {
  return isAuthFlowAllowed(provider, flow) ? credentialShapes[provider][flow] : undefined;
}

export const secretFieldNames = (shape: CredentialShape) =>
  shape.fields.filter((field) => field.secret).map((field) => field.name);

/**
 * The shape's schema where the listed secret fields may be left empty: editing a saved credential
 * keeps its secret unless a new one is typed.
 */
export function schemaKeepingSecrets(shape: CredentialShape, kept: readonly string[]): z.ZodObject {
  const relaxed: Record<string, z.ZodType> = {};
  for (const name of kept) {
    const field = shape.schema.shape[name];
    if (!field) continue;
    relaxed[name] = z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      (field as z.ZodType).optional(),
    );
  }
  return shape.schema.extend(relaxed);
}

export type CredentialValues = Record<string, string | number | undefined>;

export const credentialValuesSchema = z
  .record(z.string().max(64), z.union([z.string().max(8192), z.number(), z.null()]))
  .refine((values) => Object.keys(values).length <= 20, "Too many fields");

interface SubmissionCore {
  provider: ProviderId;
  authFlow: AuthFlowType;
  values: Record<string, unknown>;
}

function checkSubmission(input: SubmissionCore, ctx: z.RefinementCtx) {
  const shape = credentialShape(input.provider, input.authFlow);
  if (!shape) {
    ctx.addIssue({ code: "custom", path: ["authFlow"], message: INVALID_AUTH_FLOW_MESSAGE });
    return;
  }
  const result = schemaKeepingSecrets(shape, secretFieldNames(shape)).safeParse(input.values);
  for (const issue of result.error?.issues ?? []) {
    ctx.addIssue({ code: "custom", path: issue.path.map(String), message: issue.message });
  }
}

/**
 * A credential as submitted: provider, flow and field values. Field problems are reported at the
 * field's own name (not under "values"), so forms show them beside the field; secret fields may be
 * empty here because the server keeps a saved secret (it then checks the merged result again).
 */
export function credentialSubmissionSchema<Extra extends z.ZodRawShape>(extra: Extra) {
  return z
    .object({
      ...extra,
      provider: providerIdSchema,
      authFlow: authFlowTypeSchema,
      values: credentialValuesSchema,
    })
    .superRefine((input, ctx) => checkSubmission(input as unknown as SubmissionCore, ctx));
}

/** Splits parsed values into what is stored in plain text and what is encrypted. */
export function splitValues(shape: CredentialShape, values: Record<string, unknown>) {
  const config: Record<string, string | number> = {};
  const secrets: Record<string, string> = {};
  for (const field of shape.fields) {
    const value = values[field.name];
    if (value === undefined || value === null) continue;
    if (field.secret) secrets[field.name] = String(value);
    else config[field.name] = value as string | number;
  }
  return { config, secrets };
}
