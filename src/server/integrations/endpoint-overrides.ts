// INTEGRATION_ENDPOINTS: a JSON object that replaces provider endpoints, e.g.
// {"google":{"tokenUrl":"http://127.0.0.1:9999/token"}}. Self-hosters use it for proxies or regional
// hosts; tests use it to point providers at local fakes. An integration id takes `apiBaseUrl` for an
// integration served from its own host ({"gmail":{"apiBaseUrl":…}}).
import { z } from "zod";
import { endpointNames } from "../../integrations/_providers/provider-spec.ts";
import { integrationIds, providerIds } from "../../lib/integrations/types.ts";
import { httpUrl, jsonVariable } from "../config-values.ts";

const MESSAGE = `INTEGRATION_ENDPOINTS must be a JSON object of provider or integration → { ${endpointNames.join(", ")} } with absolute http(s) URLs`;

const endpointUrl = httpUrl(MESSAGE);

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

export const integrationEndpointsSchema = jsonVariable(overridesSchema, MESSAGE, {});
