// What HubSpot's tools share: record ids, object types and the `paging.next.after` cursor turned into a
// plain `after` the model passes back, and the GET of one page of a list.

import { z } from "zod";
import { providers } from "../../lib/integrations/providers.ts";
import { type CodeToolContext, jsonResult, type QueryValue } from "../_kit/code-tools.ts";
import { readList } from "../_kit/list-answer.ts";

export const recordId = (what: string) => z.string().min(1).max(200).describe(what);

/** The CRM objects the tools associate and attach notes to. */
export const objectType = z
  .enum(["contacts", "companies", "deals", "notes"])
  .describe("A CRM object type: contacts, companies, deals or notes.");

export interface HubSpotPage {
  total?: number;
  results?: unknown[];
  paging?: { next?: { after?: string } };
}

/** The cursor argument of every list: the `after` a page answered, for the next one. */
export const after = z.string().max(200).optional().describe("The `after` from the previous page.");

/** HubSpot's list answer as { results, after? }: `after` is the cursor for the next page. */
export function page(answer: HubSpotPage) {
  const after = answer.paging?.next?.after;
  return {
    results: readList(answer, { items: "results" }, providers.hubspot.name).items,
    ...(after ? { after } : {}),
  };
}

/** A list request (GET with `query`) answered as `page` reads it. */
export async function getPage(context: CodeToolContext, path: string, query: Record<string, QueryValue>) {
  return jsonResult(page(await context.request<HubSpotPage>({ method: "GET", path, query })));
}
