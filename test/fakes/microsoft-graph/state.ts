// What the fake Microsoft Graph's areas (files.ts, mail.ts, calendar.ts) share: the resources a test
// sets up, Graph's error body and recipient shape, and the request each area's handler is given.
import type { ServerResponse } from "node:http";
import { type HttpFake, json, type RecordedRequest } from "../http-fake.ts";
import type { FakeSubscriptions } from "./subscription-records.ts";

export interface FakeSite {
  id: string;
  displayName: string;
  name: string;
  webUrl: string;
  description: string;
}
export interface FakeDrive {
  id: string;
  siteId: string;
  name: string;
}
export interface FakeItem {
  id: string;
  driveId: string;
  /** "root" for the library's top level. */
  parentId: string;
  name: string;
  folder?: boolean;
  mimeType?: string;
  content?: Buffer;
}
export interface FakeMessage {
  id: string;
  folderId: string;
  subject: string;
  from: string;
  to: string[];
  cc?: string[];
  text: string;
  receivedDateTime: string;
  isRead: boolean;
  isDraft?: boolean;
  conversationId: string;
  internetMessageId: string;
  attachments?: { id: string; name: string; contentType: string; size: number }[];
}
export interface FakeFolder {
  id: string;
  displayName: string;
  parentFolderId: string;
  isHidden?: boolean;
}
export interface FakeEvent {
  id: string;
  calendarId: string;
  subject: string;
  /** UTC, without offset, as Graph writes dateTime. */
  start: string;
  end: string;
  attendees: string[];
  location?: string;
  body?: string;
}

export interface FakeGraph extends HttpFake, FakeSubscriptions {
  /** The API base the app is configured with: `${url}/v1.0`. */
  base: string;
  acceptsToken: (token: string) => boolean;
  sites: FakeSite[];
  drives: FakeDrive[];
  items: FakeItem[];
  messages: FakeMessage[];
  folders: FakeFolder[];
  events: FakeEvent[];
  calendars: { id: string; name: string; isDefaultCalendar: boolean }[];
  /** What sendMail, reply, replyAll and send (drafts) accepted, in order. */
  outbox: { kind: string; id?: string; body: unknown }[];
  /** The requests that reached a pre-authenticated download URL. */
  downloads: RecordedRequest[];
  /** Who a token of nobody in particular is (GET /me): the MAILBOX user. */
  me: GraphUser;
  /** Access token → another signed-in user (its fields over `me`). */
  identities: Map<string, Partial<GraphUser>>;
}

/** The user resource's properties GET /me returns by default (user-get reference). */
export interface GraphUser {
  id: string;
  displayName: string;
  givenName: string | null;
  surname: string | null;
  /** Null for accounts without an Exchange mailbox. */
  mail: string | null;
  userPrincipalName: string;
  jobTitle: string | null;
  mobilePhone: string | null;
  officeLocation: string | null;
  preferredLanguage: string | null;
  businessPhones: string[];
}

export const MAILBOX = { name: "Petr Novak", address: "petr@contoso.test" };

export function graphError(response: ServerResponse, status: number, code: string, message: string) {
  json(response, status, {
    error: {
      code,
      message,
      innerError: {
        date: "2026-03-02T10:00:00",
        "request-id": "8f0c-fake",
        "client-request-id": "8f0c-fake",
      },
    },
  });
}

export const notFound = (response: ServerResponse) =>
  graphError(response, 404, "ErrorItemNotFound", "The specified object was not found in the store.");

export const emailAddress = (value: string) => {
  const named = /^(.*?)\s*<([^>]+)>$/.exec(value);
  return { emailAddress: named ? { name: named[1], address: named[2] } : { name: value, address: value } };
};

/** Graph's recipient shape, checked: { emailAddress: { address[, name] } }. */
export function validRecipients(list: unknown): boolean {
  return (
    list === undefined ||
    (Array.isArray(list) &&
      list.every((item) => {
        const address = (item as { emailAddress?: { address?: unknown } })?.emailAddress?.address;
        return (
          typeof address === "string" && address.includes("@") && Object.keys(item as object).length <= 2
        );
      }))
  );
}

export const WELL_KNOWN: Record<string, string> = {
  inbox: "AQMkInbox",
  drafts: "AQMkDrafts",
  sentitems: "AQMkSent",
  archive: "AQMkArchive",
  deleteditems: "AQMkDeleted",
};

/** What an area's handler answers for a request that is not one of its own. */
export const NOT_MINE = Symbol("another area's request");
// biome-ignore lint/suspicious/noConfusingVoidType: a branch that answered returns what json() or graphError() return (void).
export type Handled = typeof NOT_MINE | void;

/** One authenticated /v1.0 request, as every area's handler reads it. */
export interface GraphRequest {
  fake: FakeGraph;
  /** The bearer token the request carried. */
  token: string;
  request: RecordedRequest;
  response: ServerResponse;
  /** The path after /v1.0, and its decoded segments. */
  path: string;
  segments: string[];
  // biome-ignore lint/suspicious/noExplicitAny: a JSON request body, read field by field as Graph does.
  body: any;
  /** False (after answering 415) unless the body was sent as application/json. */
  wantsJson: () => boolean;
  is: (method: string, pattern: RegExp) => boolean;
  /** One page of `items`: $top (default `size`) from the $skiptoken offset, with the next link if any. */
  page: <T>(request: RecordedRequest, items: T[], size: number) => { value: T[]; "@odata.nextLink"?: string };
  /** A new id with this prefix, from one sequence shared by all areas; lastId is the latest number. */
  nextId: (prefix: string) => string;
  lastId: () => number;
}

export function selected(request: RecordedRequest, value: Record<string, unknown>) {
  const select = request.query.get("$select")?.split(",");
  return select ? Object.fromEntries(Object.entries(value).filter(([key]) => select.includes(key))) : value;
}
