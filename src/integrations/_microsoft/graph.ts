// What the Microsoft Graph tool packs (SharePoint, Outlook email, Outlook calendar) share: paging by
// @odata.nextLink, recipients written as Graph's emailAddress objects, dateTimeTimeZone values and the
// Prefer header that picks the answer's time zone.
// https://learn.microsoft.com/graph/paging
// https://learn.microsoft.com/graph/api/resources/recipient
// https://learn.microsoft.com/graph/api/resources/datetimetimezone

import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { providers } from "../../lib/integrations/providers.ts";
import { emailAddress } from "../_email/fields.ts";
import { type CodeToolContext, jsonResult, type UpstreamCall } from "../_kit/code-tools.ts";
import { readList } from "../_kit/list-answer.ts";

export const enc = encodeURIComponent;

export const graphId = (what: string) => z.string().min(1).max(1000).describe(what);

export const nextLinkArg = z
  .string()
  .min(1)
  .max(8000)
  .optional()
  .describe(
    "The nextLink of the previous answer, exactly as it came, for the next page; the other arguments are then taken from the link.",
  );

interface GraphCollection<T> {
  value?: T[];
  "@odata.nextLink"?: string;
}

/**
 * One page of a Graph collection: the first page from `first`, later ones from the nextLink the
 * previous answer gave (Graph's links already carry the query; headers such as Prefer are sent again).
 */
async function graphPage<T = Record<string, unknown>>(
  context: CodeToolContext,
  first: UpstreamCall,
  nextLink: string | undefined,
): Promise<{ value: T[]; nextLink?: string }> {
  const page = await context.request<GraphCollection<T>>(
    nextLink ? { method: "GET", path: "", link: nextLink, headers: first.headers } : first,
  );
  const next = page["@odata.nextLink"];
  return {
    value: readList(page, { items: "value" }, providers.microsoft.name).items as T[],
    ...(next ? { nextLink: next } : {}),
  };
}

/**
 * A list tool's answer: one Graph page as graphPage reads it, { value, nextLink? }, each item as
 * `summarize` makes it (as Graph gave it when there is none).
 */
export async function graphPageResult<T = Record<string, unknown>>(
  context: CodeToolContext,
  first: UpstreamCall,
  nextLink: string | undefined,
  summarize: (item: T) => unknown = (item) => item,
): Promise<CallToolResult> {
  const page = await graphPage<T>(context, first, nextLink);
  return jsonResult({
    value: page.value.map(summarize),
    ...(page.nextLink ? { nextLink: page.nextLink } : {}),
  });
}

export const addresses = (what: string) => z.array(emailAddress).max(500).describe(what);

/** "Ana Novak <ana@example.com>" or "ana@example.com" → Graph's recipient. */
export function recipient(value: string) {
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  const emailAddress = named?.[1]
    ? { name: named[1], address: (named[2] ?? "").trim() }
    : { address: (named?.[2] ?? value).trim() };
  return { emailAddress };
}

export const recipients = (values: readonly string[] | undefined) => (values ?? []).map(recipient);

/** A recipient as a model reads it: "Ana Novak <ana@example.com>". */
export function recipientText(value: unknown): string {
  const email = (value as { emailAddress?: { name?: string; address?: string } } | undefined)?.emailAddress;
  if (!email) return "";
  return email.name && email.name !== email.address
    ? `${email.name} <${email.address ?? ""}>`
    : (email.address ?? "");
}

export const timeZoneArg = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[^"\r\n]+$/, "a time zone name")
  .describe('A time zone, IANA or Windows name, e.g. "Europe/Prague", "UTC" or "Pacific Standard Time".');

/** Graph answers times in UTC unless this header names another zone. */
export const preferTimeZone = (timeZone: string | undefined): Record<string, string> =>
  timeZone ? { prefer: `outlook.timezone="${timeZone}"` } : {};

export const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/, "a local date-time such as 2026-03-02T10:00:00")
  .describe("A date-time without offset in the given time zone, e.g. 2026-03-02T10:00:00.");

export const dateTimeTimeZone = (dateTime: string, timeZone: string) => ({ dateTime, timeZone });
