// The integrations of requirements §3 as the public catalogue sees them: one entry per folder, in catalogue
// order. Browser-safe (each folder's entry.ts is plain data); the server's list is registry.ts.
// `satisfies Record<IntegrationId, …>`: an id in lib/integrations/ids.ts without its folder's entry
// here does not compile.
import type { IntegrationEntry } from "../lib/integrations/catalogue-entry.ts";
import type { IntegrationId, ProviderId } from "../lib/integrations/types.ts";
import { alvenoEntry } from "./alveno/entry.ts";
import { attioEntry } from "./attio/entry.ts";
import { brevoEntry } from "./brevo/entry.ts";
import { caflouEntry } from "./caflou/entry.ts";
import { confluenceEntry } from "./confluence/entry.ts";
import { exaEntry } from "./exa/entry.ts";
import { gmailEntry } from "./gmail/entry.ts";
import { googleCalendarEntry } from "./google-calendar/entry.ts";
import { googleDriveEntry } from "./google-drive/entry.ts";
import { hubspotEntry } from "./hubspot/entry.ts";
import { jiraEntry } from "./jira/entry.ts";
import { mondayEntry } from "./monday/entry.ts";
import { outlookCalendarEntry } from "./outlook-calendar/entry.ts";
import { outlookEmailEntry } from "./outlook-email/entry.ts";
import { pipedriveEntry } from "./pipedrive/entry.ts";
import { raynetEntry } from "./raynet/entry.ts";
import { salesforceEntry } from "./salesforce/entry.ts";
import { sharepointEntry } from "./sharepoint/entry.ts";
import { surveymonkeyEntry } from "./surveymonkey/entry.ts";

export const integrationEntries = {
  gmail: gmailEntry,
  "google-calendar": googleCalendarEntry,
  "google-drive": googleDriveEntry,
  jira: jiraEntry,
  confluence: confluenceEntry,
  sharepoint: sharepointEntry,
  "outlook-email": outlookEmailEntry,
  "outlook-calendar": outlookCalendarEntry,
  hubspot: hubspotEntry,
  salesforce: salesforceEntry,
  raynet: raynetEntry,
  caflou: caflouEntry,
  monday: mondayEntry,
  pipedrive: pipedriveEntry,
  alveno: alvenoEntry,
  attio: attioEntry,
  surveymonkey: surveymonkeyEntry,
  brevo: brevoEntry,
  exa: exaEntry,
} as const satisfies Record<IntegrationId, IntegrationEntry>;

export const integrations: readonly IntegrationEntry[] = Object.values(integrationEntries);

/** requirements §3: Google and Microsoft products share their provider; every other integration is its own. */
export const integrationProvider = Object.fromEntries(
  integrations.map((entry) => [entry.id, entry.provider]),
) as Record<IntegrationId, ProviderId>;
