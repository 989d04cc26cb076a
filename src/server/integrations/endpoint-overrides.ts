// INTEGRATION_ENDPOINTS: a JSON object that replaces provider endpoints, e.g.
// {"google":{"tokenUrl":"http://127.0.0.1:9999/token"}}. Self-hosters use it for proxies or regional
// hosts; tests use it to point providers at local fakes. An integration id takes `apiBaseUrl` for an
// integration served from its own host ({"gmail":{"apiBaseUrl":…}}).
import { z } from "zod";
import { endpointNames } from "../../integrations/_providers/provider-spec.ts";
import { integrationIds, providerIds } from "../../lib/integrations/types.ts";

const MESSAGE = `INTEGRATION_ENDPOINTS must be a JSON object of provider or integration → { ${endpointNames.join(", ")} } with absolute http(s) URLs`;

const endpointUrl = z
  .string()
  .refine((value) => URL.canParse(value) && /^https?:/.test(value), { message: MESSAGE })
  .transform((value) => value.replace(/\/+$/, ""));

const endpointsSchema = z.strictObject(
  Object.fromEntries(endpointNames.map((name) => [name, endpointUrl.optional()])) as Record<
    (typeof endpointNames)[number],
    z.ZodOptional<typeof endpointUrl>
  >,
  { message: MESSAGE },
);

const overrideKeys = [...new Set<string>([...providerIds, ...integrationIds])] as [
  (typeof providerIds)[number] | (typeof integrationIds)[number],
];
const overridesSchema = z.partialRecord(z.enum(overrideKeys, { message: MESSAGE }), endpointsSchema, {
  message: MESSAGE,
});

export const integrationEndpointsSchema = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (!text) return {};
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: MESSAGE });
      return z.NEVER;
    }
    const result = overridesSchema.safeParse(json);
    if (!result.success) {
      ctx.addIssue({ code: "custom", message: result.error.issues[0]?.message ?? MESSAGE });
      return z.NEVER;
    }
    return result.data;
  });
