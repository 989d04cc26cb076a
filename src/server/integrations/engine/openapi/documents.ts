// The OpenAPI documents kept in the repo (documents/<integration-id>.json) and their tools, generated
// once per document. Static imports, so they ship in the server bundle and run under plain Node too.
import type { IntegrationId } from "../../../../lib/integrations/types.ts";
import alveno from "./documents/alveno.json" with { type: "json" };
import attio from "./documents/attio.json" with { type: "json" };
import caflou from "./documents/caflou.json" with { type: "json" };
import confluence from "./documents/confluence.json" with { type: "json" };
import gmail from "./documents/gmail.json" with { type: "json" };
import googleCalendar from "./documents/google-calendar.json" with { type: "json" };
import googleDrive from "./documents/google-drive.json" with { type: "json" };
import hubspot from "./documents/hubspot.json" with { type: "json" };
import jira from "./documents/jira.json" with { type: "json" };
import monday from "./documents/monday.json" with { type: "json" };
import outlookCalendar from "./documents/outlook-calendar.json" with { type: "json" };
import outlookEmail from "./documents/outlook-email.json" with { type: "json" };
import pipedrive from "./documents/pipedrive.json" with { type: "json" };
import raynet from "./documents/raynet.json" with { type: "json" };
import salesforce from "./documents/salesforce.json" with { type: "json" };
import sharepoint from "./documents/sharepoint.json" with { type: "json" };
import surveymonkey from "./documents/surveymonkey.json" with { type: "json" };
import { generateTools, type OpenApiTool } from "./generate-tools.ts";
import type { OpenApiDocument } from "./openapi-types.ts";

/** Integrations without a document here offer no tools yet. */
export const openApiDocuments: Partial<Record<IntegrationId, OpenApiDocument>> = {
  alveno: alveno as OpenApiDocument,
  attio: attio as OpenApiDocument,
  caflou: caflou as OpenApiDocument,
  confluence: confluence as OpenApiDocument,
  gmail: gmail as OpenApiDocument,
  "google-calendar": googleCalendar as OpenApiDocument,
  "google-drive": googleDrive as OpenApiDocument,
  hubspot: hubspot as OpenApiDocument,
  jira: jira as OpenApiDocument,
  monday: monday as OpenApiDocument,
  "outlook-calendar": outlookCalendar as OpenApiDocument,
  "outlook-email": outlookEmail as OpenApiDocument,
  pipedrive: pipedrive as OpenApiDocument,
  raynet: raynet as OpenApiDocument,
  salesforce: salesforce as OpenApiDocument,
  sharepoint: sharepoint as OpenApiDocument,
  surveymonkey: surveymonkey as OpenApiDocument,
};

const toolsByIntegration = new Map<
  IntegrationId,
  { list: OpenApiTool[]; byName: Map<string, OpenApiTool> }
>();

export function documentTools(integrationId: IntegrationId) {
  let tools = toolsByIntegration.get(integrationId);
  if (!tools) {
    const document = openApiDocuments[integrationId];
    const list = document ? generateTools(document) : [];
    tools = { list, byName: new Map(list.map((tool) => [tool.name, tool])) };
    toolsByIntegration.set(integrationId, tools);
  }
  return tools;
}
