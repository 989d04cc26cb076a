// A fake Microsoft Graph v1.0, written from Microsoft's reference (not from Portico's code), serving
// what the SharePoint, Outlook email and Outlook calendar packs call, one file per area under
// microsoft-graph/ (files.ts, mail.ts, calendar.ts) over the shared state.ts:
// - sites: GET /sites?search= (site-search), GET /sites/{id}/drives (drive-list)
// - drives: GET children of root or a folder (driveitem-list-children), GET an item with its
//   @microsoft.graph.downloadUrl (driveitem-get), the pre-authenticated download itself (no
//   Authorization header), PUT /drives/{id}/items/{parent}:/{name}:/content (driveitem-put-content)
// - POST /search/query with entityTypes driveItem (search-query, search-concept-files)
// - mail: messages list/search/filter, get (Prefer: outlook.body-content-type), attachments, sendMail,
//   reply/replyAll, create (draft), createReply, send, move, mailFolders and childFolders
// - calendar: calendars, calendarView (startDateTime/endDateTime required), events get/create/update/
//   delete, findMeetingTimes, calendar/getSchedule
// - me: GET /me, the signed-in user (user-get), per token (identities) over the default MAILBOX user
// - subscriptions: create (with the notification URL's validation handshake), renew, delete, and the
//   change and lifecycle notifications Graph sends (subscriptions.ts)
// Collections page with $top and an @odata.nextLink carrying $skiptoken; errors are Graph's
// { error: { code, message, innerError } } (https://learn.microsoft.com/graph/errors); only bearer
// tokens the test accepts pass.
import { type RecordedRequest, startHttpFake } from "./http-fake.ts";
import { handleCalendar } from "./microsoft-graph/calendar.ts";
import { handleDownload, handleFiles } from "./microsoft-graph/files.ts";
import { handleMail } from "./microsoft-graph/mail.ts";
import { handleMe } from "./microsoft-graph/me.ts";
import { type FakeGraph, type GraphRequest, graphError, MAILBOX, NOT_MINE } from "./microsoft-graph/state.ts";
import { handleSubscriptions } from "./microsoft-graph/subscriptions.ts";

export type {
  FakeDrive,
  FakeEvent,
  FakeFolder,
  FakeGraph,
  FakeItem,
  FakeMessage,
  FakeSite,
  GraphUser,
} from "./microsoft-graph/state.ts";
export { graphError, MAILBOX } from "./microsoft-graph/state.ts";

const AREAS = [handleMe, handleFiles, handleMail, handleCalendar, handleSubscriptions];

export async function startFakeMicrosoftGraph(acceptsToken: (token: string) => boolean): Promise<FakeGraph> {
  let fake!: FakeGraph;
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}${(++sequence).toString().padStart(4, "0")}`;

  /** One page of `items`: $top (default `size`) from the $skiptoken offset, with the next link if any. */
  function page<T>(request: RecordedRequest, items: T[], size: number) {
    const top = Number(request.query.get("$top") ?? size);
    const token = request.query.get("$skiptoken");
    const offset = token ? Number(Buffer.from(token, "base64url").toString("utf8").replace("skip:", "")) : 0;
    const slice = items.slice(offset, offset + top);
    if (offset + top >= items.length) return { value: slice };
    const next = new URLSearchParams(request.query);
    next.set("$skiptoken", Buffer.from(`skip:${offset + top}`).toString("base64url"));
    return { value: slice, "@odata.nextLink": `${fake.url}${request.path}?${next.toString()}` };
  }

  const http = await startHttpFake((request, response) => {
    if (handleDownload(fake, request, response) !== NOT_MINE) return;
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    if (!fake.acceptsToken(token)) {
      return graphError(
        response,
        401,
        "InvalidAuthenticationToken",
        "Access token has expired or is not yet valid.",
      );
    }
    if (!request.path.startsWith("/v1.0/"))
      return graphError(response, 400, "BadRequest", "Invalid version.");
    const path = request.path.slice("/v1.0".length);
    const segments = path.split("/").filter(Boolean).map(decodeURIComponent);
    const body =
      request.body && /json/.test(request.headers["content-type"] ?? "") ? JSON.parse(request.body) : {};
    const wantsJson = () => {
      if (/^application\/json/.test(request.headers["content-type"] ?? "")) return true;
      graphError(
        response,
        415,
        "UnsupportedMediaType",
        "A JSON body with Content-Type application/json is required.",
      );
      return false;
    };
    const is = (method: string, pattern: RegExp) => request.method === method && pattern.test(path);

    const graph: GraphRequest = {
      fake,
      token,
      request,
      response,
      path,
      segments,
      body,
      wantsJson,
      is,
      page,
      nextId,
      lastId: () => sequence,
    };
    for (const area of AREAS) if (area(graph) !== NOT_MINE) return;
    return graphError(
      response,
      400,
      "BadRequest",
      `Resource not found for the segment '${segments.at(-1) ?? ""}'.`,
    );
  });

  fake = {
    ...http,
    base: `${http.url}/v1.0`,
    acceptsToken,
    sites: [],
    drives: [],
    items: [],
    messages: [],
    folders: [],
    events: [],
    calendars: [],
    outbox: [],
    downloads: [],
    me: {
      id: "87d349ed-44d7-43e1-9a83-5f2406dee5bd",
      displayName: MAILBOX.name,
      givenName: "Petr",
      surname: "Novak",
      mail: MAILBOX.address,
      userPrincipalName: MAILBOX.address,
      jobTitle: null,
      mobilePhone: null,
      officeLocation: null,
      preferredLanguage: "cs-CZ",
      businessPhones: [],
    },
    identities: new Map(),
    subscriptions: [],
    deliver: (url, init) => fetch(url, init),
    requireHttps: true,
  };
  return fake;
}
