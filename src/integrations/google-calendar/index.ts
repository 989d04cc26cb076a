// Google Calendar on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import type { OpenApiDocument } from "../../server/integrations/engine/openapi/openapi-types.ts";
import { defineIntegration } from "../define-integration.ts";
import { googleCalendarEntry } from "./entry.ts";
import document from "./openapi.json" with { type: "json" };

export const googleCalendarIntegration = defineIntegration({
  entry: googleCalendarEntry,
  oauthScopes: ["https://www.googleapis.com/auth/calendar"],
  tools: { kind: "openapi", document: document as OpenApiDocument },
  references: ["https://developers.google.com/workspace/calendar/api/v3/reference"],
});
