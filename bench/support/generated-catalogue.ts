// A generated catalogue of tools that resemble real business APIs, to measure tool search at the scale
// of a 5,000-tool project (issue 40): vendors of the kinds Portico connects (help desks, trackers,
// storage, accounting, HR, e-commerce, messaging), each with the resources its kind of API keeps and the
// usual operations on them, named, described, annotated and given input schemas the way the
// integrations' tools are. Deterministic: the same count gives the same tools.
import type { SearchableTool } from "../../src/server/tool-search/tool-search.ts";

interface Kind {
  vendors: string[];
  resources: string[];
}

const KINDS: Kind[] = [
  {
    vendors: ["Zendesk", "Freshdesk", "Help Scout", "Intercom", "Front", "Gorgias", "Kayako", "Zoho Desk"],
    resources: ["ticket", "customer", "agent", "macro", "view", "satisfaction rating", "group", "article"],
  },
  {
    vendors: [
      "Asana",
      "Trello",
      "ClickUp",
      "Linear",
      "Basecamp",
      "Wrike",
      "Smartsheet",
      "Teamwork",
      "YouTrack",
    ],
    resources: ["task", "project", "section", "milestone", "comment", "tag", "workspace", "sprint"],
  },
  {
    vendors: ["Dropbox", "Box", "OneDrive", "Egnyte", "pCloud", "Nextcloud"],
    resources: ["file", "folder", "shared link", "file request", "version", "comment"],
  },
  {
    vendors: ["QuickBooks", "Xero", "FreshBooks", "Fakturoid", "iDoklad", "Pohoda", "Sage", "Zoho Books"],
    resources: [
      "invoice",
      "bill",
      "customer",
      "vendor",
      "payment",
      "expense",
      "credit note",
      "tax rate",
      "account",
    ],
  },
  {
    vendors: ["BambooHR", "Personio", "Workday", "HiBob", "Factorial", "Gusto", "Deel", "Rippling"],
    resources: ["employee", "time off request", "department", "job", "candidate", "payroll run", "document"],
  },
  {
    vendors: ["Shopify", "WooCommerce", "BigCommerce", "Shoptet", "Magento", "PrestaShop", "Stripe"],
    resources: [
      "order",
      "product",
      "customer",
      "refund",
      "discount",
      "inventory level",
      "subscription",
      "charge",
    ],
  },
  {
    vendors: ["Slack", "Microsoft Teams", "Discord", "Twilio", "Zoom", "Webex", "Mattermost"],
    resources: ["message", "channel", "user", "meeting", "recording", "reaction", "call"],
  },
  {
    vendors: [
      "Mailchimp",
      "Klaviyo",
      "ActiveCampaign",
      "Ecomail",
      "SmartEmailing",
      "ConvertKit",
      "Customer.io",
    ],
    resources: ["campaign", "list", "subscriber", "segment", "template", "automation", "report"],
  },
  {
    vendors: ["Zoho CRM", "Freshsales", "Close", "Copper", "Insightly", "Keap", "Capsule", "Nutshell"],
    resources: ["lead", "contact", "account", "deal", "activity", "note", "pipeline", "quote"],
  },
  {
    vendors: ["GitHub", "GitLab", "Bitbucket", "Sentry", "PagerDuty", "Datadog", "CircleCI"],
    resources: [
      "repository",
      "pull request",
      "issue",
      "pipeline",
      "incident",
      "alert",
      "release",
      "deployment",
    ],
  },
  {
    vendors: ["Typeform", "Jotform", "Google Forms", "Tally", "Qualtrics", "Formstack"],
    resources: ["form", "response", "question", "webhook", "theme", "workspace"],
  },
  {
    vendors: ["DocuSign", "PandaDoc", "Dropbox Sign", "Calendly", "Cal.com", "Harvest", "Toggl", "Clockify"],
    resources: [
      "envelope",
      "template",
      "recipient",
      "booking",
      "event type",
      "time entry",
      "client",
      "report",
    ],
  },
];

type Operation = { verb: string; name: (plural: string, singular: string) => string; readOnly: boolean };

const OPERATIONS: Operation[] = [
  { verb: "list", name: (p) => `list_${p}`, readOnly: true },
  { verb: "get", name: (_, s) => `get_${s}`, readOnly: true },
  { verb: "search", name: (p) => `search_${p}`, readOnly: true },
  { verb: "create", name: (_, s) => `create_${s}`, readOnly: false },
  { verb: "update", name: (_, s) => `update_${s}`, readOnly: false },
  { verb: "delete", name: (_, s) => `delete_${s}`, readOnly: false },
];

const plural = (word: string) =>
  word.endsWith("y") && !/[aeiou]y$/.test(word)
    ? `${word.slice(0, -1)}ies`
    : word.endsWith("s")
      ? `${word}es`
      : `${word}s`;
const snake = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

function describe(vendor: string, operation: Operation, resource: string): string {
  const many = plural(resource);
  switch (operation.verb) {
    case "list":
      return `Use to list the ${vendor} account's ${many}, page by page, optionally filtered. Returns { data: [${snake(resource)}], next_cursor }.`;
    case "get":
      return `Use to read one ${vendor} ${resource} with all its fields by id. Returns { data: ${snake(resource)} }. Example: {"id": "42"}.`;
    case "search":
      return `Use to find ${vendor} ${many} by text or field values. Returns { results: [${snake(resource)}] }.`;
    case "create":
      return `Use to add a ${vendor} ${resource}. Returns the new ${resource} with its id.`;
    case "update":
      return `Use to change fields of a ${vendor} ${resource}; fields left out keep their value.`;
    default:
      return `Use to delete a ${vendor} ${resource} for good. Returns { deleted: id }.`;
  }
}

function schemaOf(operation: Operation, resource: string) {
  const field = snake(resource);
  const properties: Record<string, unknown> =
    operation.verb === "list" || operation.verb === "search"
      ? {
          query: { type: "string", description: `Text to match in ${plural(resource)}` },
          limit: { type: "integer" },
        }
      : operation.verb === "create"
        ? {
            name: { type: "string" },
            [`${field}_fields`]: { type: "object", description: `The ${resource}'s fields` },
          }
        : { id: { type: "string", description: `The ${resource}'s id` } };
  return { type: "object" as const, properties };
}

/** `count` generated tools, vendor by vendor, each vendor with its kind's resources and operations. */
export function generatedCatalogue(count: number): SearchableTool[] {
  const tools: SearchableTool[] = [];
  const vendors = KINDS.flatMap((kind) =>
    kind.vendors.map((vendor) => ({ vendor, resources: kind.resources })),
  );
  // Each vendor's tools, by resource and operation; vendors take turns until the count is reached, so a
  // smaller catalogue still has every vendor.
  const perVendor = vendors.map(({ vendor, resources }) =>
    resources.flatMap((resource) =>
      OPERATIONS.map(
        (operation): SearchableTool => ({
          name: `${snake(vendor)}_${operation.name(snake(plural(resource)), snake(resource))}`,
          title: `${operation.verb[0]?.toUpperCase()}${operation.verb.slice(1)} ${operation.verb === "list" || operation.verb === "search" ? plural(resource) : `a ${resource}`}`,
          description: describe(vendor, operation, resource),
          inputSchema: schemaOf(operation, resource),
          annotations: { readOnlyHint: operation.readOnly },
          serverName: vendor,
        }),
      ),
    ),
  );
  for (let round = 0; tools.length < count; round++) {
    let added = false;
    for (const list of perVendor) {
      const tool = list[round];
      if (tool && tools.length < count) {
        tools.push(tool);
        added = true;
      }
    }
    if (!added) {
      // Every vendor is exhausted: further "regions" of the same vendors, as multi-account projects have.
      const region = Math.floor(tools.length / perVendor.flat().length) + 1;
      for (const tool of perVendor.flat()) {
        if (tools.length >= count) break;
        tools.push({ ...tool, name: `${tool.name}_${region}`, serverName: `${tool.serverName} ${region}` });
      }
    }
  }
  return tools;
}
