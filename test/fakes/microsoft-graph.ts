// A fake Microsoft Graph v1.0, written from Microsoft's reference (not from Portico's code), serving
// what the SharePoint, Outlook email and Outlook calendar packs call:
// - sites: GET /sites?search= (site-search), GET /sites/{id}/drives (drive-list)
// - drives: GET children of root or a folder (driveitem-list-children), GET an item with its
//   @microsoft.graph.downloadUrl (driveitem-get), the pre-authenticated download itself (no
//   Authorization header), PUT /drives/{id}/items/{parent}:/{name}:/content (driveitem-put-content)
// - POST /search/query with entityTypes driveItem (search-query, search-concept-files)
// - mail: messages list/search/filter, get (Prefer: outlook.body-content-type), attachments, sendMail,
//   reply/replyAll, create (draft), createReply, send, move, mailFolders and childFolders
// - calendar: calendars, calendarView (startDateTime/endDateTime required), events get/create/update/
//   delete, findMeetingTimes, calendar/getSchedule
// Collections page with $top and an @odata.nextLink carrying $skiptoken; errors are Graph's
// { error: { code, message, innerError } } (https://learn.microsoft.com/graph/errors); only bearer
// tokens the test accepts pass.
import type { ServerResponse } from "node:http";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

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

export interface FakeGraph extends HttpFake {
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

const notFound = (response: ServerResponse) =>
  graphError(response, 404, "ErrorItemNotFound", "The specified object was not found in the store.");

const emailAddress = (value: string) => {
  const named = /^(.*?)\s*<([^>]+)>$/.exec(value);
  return { emailAddress: named ? { name: named[1], address: named[2] } : { name: value, address: value } };
};

/** Graph's recipient shape, checked: { emailAddress: { address[, name] } }. */
function validRecipients(list: unknown): boolean {
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

const WELL_KNOWN: Record<string, string> = {
  inbox: "AQMkInbox",
  drafts: "AQMkDrafts",
  sentitems: "AQMkSent",
  archive: "AQMkArchive",
  deleteditems: "AQMkDeleted",
};

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

  const folderOf = (id: string) => WELL_KNOWN[id.toLowerCase()] ?? id;

  function messageResource(message: FakeMessage, request: RecordedRequest) {
    const preferText = /outlook\.body-content-type="text"/.test(String(request.headers.prefer ?? ""));
    const full: Record<string, unknown> = {
      "@odata.etag": 'W/"CQAAABYAAAC4"',
      id: message.id,
      subject: message.subject,
      bodyPreview: message.text.slice(0, 255),
      body: preferText
        ? { contentType: "text", content: message.text }
        : { contentType: "html", content: `<html><body><p>${message.text}</p></body></html>` },
      from: emailAddress(message.from),
      sender: emailAddress(message.from),
      toRecipients: message.to.map(emailAddress),
      ccRecipients: (message.cc ?? []).map(emailAddress),
      bccRecipients: [],
      replyTo: [],
      receivedDateTime: message.receivedDateTime,
      sentDateTime: message.receivedDateTime,
      hasAttachments: (message.attachments ?? []).length > 0,
      isRead: message.isRead,
      isDraft: message.isDraft ?? false,
      conversationId: message.conversationId,
      parentFolderId: message.folderId,
      internetMessageId: message.internetMessageId,
      webLink: `https://outlook.office365.com/owa/?ItemID=${message.id}`,
      internetMessageHeaders: [
        { name: "Received", value: "from mail.example.com by outlook.office365.com" },
        { name: "Message-ID", value: message.internetMessageId },
        { name: "Subject", value: message.subject },
      ],
    };
    // internetMessageHeaders come only when asked for by $select.
    const select = request.query.get("$select")?.split(",");
    if (!select) delete full.internetMessageHeaders;
    return select
      ? Object.fromEntries(
          Object.entries(full).filter(([key]) => key === "@odata.etag" || select.includes(key)),
        )
      : full;
  }

  /** $search="…" over subject, body and sender; the value must come in double quotes. */
  function searchMatches(message: FakeMessage, search: string) {
    const words = search.slice(1, -1).replace(/\\"/g, '"').toLowerCase().split(/\s+/).filter(Boolean);
    return words.every((word) => {
      const [key, value] = word.includes(":") ? word.split(/:(.*)/s) : ["", word];
      if (key === "from") return message.from.toLowerCase().includes(value ?? "");
      if (key === "subject") return message.subject.toLowerCase().includes(value ?? "");
      return `${message.subject} ${message.text} ${message.from}`.toLowerCase().includes(word);
    });
  }

  function eventResource(event: FakeEvent, request: RecordedRequest) {
    const zone = /outlook\.timezone="([^"]+)"/.exec(String(request.headers.prefer ?? ""))?.[1] ?? "UTC";
    return {
      "@odata.etag": 'W/"DwAAABYAAAC4"',
      id: event.id,
      subject: event.subject,
      bodyPreview: (event.body ?? "").slice(0, 255),
      body: { contentType: "html", content: `<html><body>${event.body ?? ""}</body></html>` },
      start: { dateTime: `${event.start}.0000000`, timeZone: zone },
      end: { dateTime: `${event.end}.0000000`, timeZone: zone },
      isAllDay: false,
      isCancelled: false,
      showAs: "busy",
      type: "singleInstance",
      location: { displayName: event.location ?? "" },
      organizer: emailAddress(`${MAILBOX.name} <${MAILBOX.address}>`),
      attendees: event.attendees.map((address) => ({
        type: "required",
        status: { response: "none", time: "0001-01-01T00:00:00Z" },
        ...emailAddress(address),
      })),
      webLink: `https://outlook.office365.com/owa/?itemid=${event.id}&path=/calendar/item`,
      onlineMeeting: null,
    };
  }

  /** A dateTimeTimeZone from a request body, as a UTC string (the fake knows UTC and Europe/Prague, +1). */
  function utcOf(value: unknown): string | null {
    const { dateTime, timeZone } = (value ?? {}) as { dateTime?: unknown; timeZone?: unknown };
    if (typeof dateTime !== "string" || typeof timeZone !== "string") return null;
    const shift = timeZone === "Europe/Prague" ? -1 : timeZone === "UTC" ? 0 : null;
    if (shift === null) return null;
    const date = new Date(`${dateTime.slice(0, 19)}Z`);
    date.setUTCHours(date.getUTCHours() + shift);
    return date.toISOString().slice(0, 19);
  }

  const itemResource = (item: FakeItem) => ({
    id: item.id,
    name: item.name,
    webUrl: `https://contoso.sharepoint.com/sites/marketing/Shared%20Documents/${encodeURIComponent(item.name)}`,
    size: item.content?.length ?? 0,
    lastModifiedDateTime: "2026-02-20T09:00:00Z",
    parentReference: { driveId: item.driveId, id: item.parentId },
    ...(item.folder
      ? { folder: { childCount: fake.items.filter((child) => child.parentId === item.id).length } }
      : { file: { mimeType: item.mimeType ?? "application/octet-stream" } }),
  });

  function selected(request: RecordedRequest, value: Record<string, unknown>) {
    const select = request.query.get("$select")?.split(",");
    return select ? Object.fromEntries(Object.entries(value).filter(([key]) => select.includes(key))) : value;
  }

  const http = await startHttpFake((request, response) => {
    // The pre-authenticated download URL: signed by its query, and refusing an Authorization header.
    const download = /^\/download\/([^/]+)$/.exec(request.path);
    if (download) {
      fake.downloads.push(request);
      const item = fake.items.find((candidate) => candidate.id === download[1]);
      if (request.headers.authorization || request.query.get("tempauth") !== "signed") {
        return graphError(
          response,
          401,
          "unauthenticated",
          "The download URL takes no Authorization header.",
        );
      }
      if (!item?.content) return notFound(response);
      response.writeHead(200, { "content-type": item.mimeType ?? "application/octet-stream" });
      response.end(item.content);
      return;
    }
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

    // ---- SharePoint: sites and drives
    if (is("GET", /^\/sites$/)) {
      const search = (request.query.get("search") ?? "").toLowerCase();
      const found = fake.sites.filter((site) =>
        `${site.displayName} ${site.description}`.toLowerCase().includes(search),
      );
      return json(response, 200, {
        "@odata.context": `${fake.base}/$metadata#sites`,
        ...page(request, found, 2),
      });
    }
    if (is("GET", /^\/sites\/[^/]+\/drives$/)) {
      const drives = fake.drives.filter((drive) => drive.siteId === segments[1]);
      if (!fake.sites.some((site) => site.id === segments[1])) {
        return graphError(response, 404, "itemNotFound", "Requested site could not be found");
      }
      const value = drives.map((drive) =>
        selected(request, {
          id: drive.id,
          name: drive.name,
          description: "",
          driveType: "documentLibrary",
          webUrl: `https://contoso.sharepoint.com/sites/marketing/${encodeURIComponent(drive.name)}`,
          createdDateTime: "2026-01-01T00:00:00Z",
        }),
      );
      return json(response, 200, page(request, value, 200));
    }
    const children = /^\/drives\/([^/]+)\/(?:root|items\/([^/]+))\/children$/.exec(path);
    if (request.method === "GET" && children) {
      const parent = children[2] ? decodeURIComponent(children[2]) : "root";
      if (!fake.drives.some((drive) => drive.id === decodeURIComponent(children[1] ?? ""))) {
        return graphError(response, 404, "itemNotFound", "The resource could not be found.");
      }
      const found = fake.items
        .filter((item) => item.parentId === parent)
        .map((item) => selected(request, itemResource(item)));
      return json(response, 200, page(request, found, 200));
    }
    const upload = /^\/drives\/([^/]+)\/(?:root|items\/([^/:]+)):\/([^/]+):\/content$/.exec(path);
    if (request.method === "PUT" && upload) {
      if (request.headers["content-type"] !== "text/plain") {
        return graphError(response, 400, "invalidRequest", "Content-Type text/plain is expected.");
      }
      const name = decodeURIComponent(upload[3] ?? "");
      const parentId = upload[2] ? decodeURIComponent(upload[2]) : "root";
      const existing = fake.items.find((item) => item.parentId === parentId && item.name === name);
      const behavior = request.query.get("@microsoft.graph.conflictBehavior") ?? "replace";
      if (existing && behavior === "fail") {
        return graphError(response, 409, "nameAlreadyExists", "The specified item name already exists.");
      }
      if (existing && behavior === "replace") {
        existing.content = Buffer.from(request.body);
        return json(response, 200, itemResource(existing));
      }
      const item: FakeItem = {
        id: nextId("01NEWITEM"),
        driveId: decodeURIComponent(upload[1] ?? ""),
        parentId,
        name: existing ? name.replace(/(\.[^.]*)?$/, " 1$1") : name,
        mimeType: name.endsWith(".md") ? "text/markdown" : "text/plain",
        content: Buffer.from(request.body),
      };
      fake.items.push(item);
      return json(response, 201, itemResource(item));
    }
    const itemGet = /^\/drives\/([^/]+)\/items\/([^/]+)$/.exec(path);
    if (request.method === "GET" && itemGet) {
      const item = fake.items.find((candidate) => candidate.id === decodeURIComponent(itemGet[2] ?? ""));
      if (!item) return graphError(response, 404, "itemNotFound", "The resource could not be found.");
      return json(response, 200, {
        "@odata.context": `${fake.base}/$metadata#drives('${item.driveId}')/items/$entity`,
        ...(item.folder
          ? {}
          : { "@microsoft.graph.downloadUrl": `${fake.url}/download/${item.id}?tempauth=signed` }),
        ...itemResource(item),
      });
    }
    if (is("POST", /^\/search\/query$/)) {
      if (!wantsJson()) return;
      const [search] = (body.requests ?? []) as {
        entityTypes?: string[];
        query?: { queryString?: string };
        from?: number;
        size?: number;
      }[];
      if (!search?.query?.queryString || JSON.stringify(search.entityTypes) !== '["driveItem"]') {
        return graphError(response, 400, "BadRequest", "entityTypes and query.queryString are required.");
      }
      const words = search.query.queryString.toLowerCase().split(/\s+/);
      const matching = fake.items.filter(
        (item) =>
          !item.folder &&
          words.every((word) =>
            `${item.name} ${item.content?.toString("utf8") ?? ""}`.toLowerCase().includes(word),
          ),
      );
      const from = search.from ?? 0;
      const size = search.size ?? 25;
      const hits = matching.slice(from, from + size).map((item, index) => ({
        hitId: item.id,
        rank: from + index + 1,
        summary: `<c0>${words[0]}</c0> in ${item.name} <ddd/>`,
        resource: { "@odata.type": "#microsoft.graph.driveItem", ...itemResource(item) },
      }));
      return json(response, 200, {
        "@odata.context": `${fake.base}/$metadata#Collection(microsoft.graph.searchResponse)`,
        value: [
          {
            searchTerms: words,
            hitsContainers: [
              { hits, total: matching.length, moreResultsAvailable: from + size < matching.length },
            ],
          },
        ],
      });
    }

    // ---- Outlook mail
    const messageList = /^\/me(?:\/mailFolders\/([^/]+))?\/messages$/.exec(path);
    if (request.method === "GET" && messageList) {
      const search = request.query.get("$search");
      const filter = request.query.get("$filter");
      if (search && (filter || request.query.get("$orderby"))) {
        return graphError(
          response,
          400,
          "ErrorInvalidUrlQuery",
          "The query parameter '$orderby' is invalid with '$search'.",
        );
      }
      if (search && !/^".*"$/s.test(search)) {
        return graphError(
          response,
          400,
          "BadRequest",
          "Syntax error: character '\"' is expected in $search.",
        );
      }
      const folder = messageList[1] ? folderOf(decodeURIComponent(messageList[1])) : undefined;
      let found = fake.messages.filter((message) => !folder || message.folderId === folder);
      if (search) found = found.filter((message) => searchMatches(message, search));
      if (filter === "isRead eq false") found = found.filter((message) => !message.isRead);
      else if (filter) return graphError(response, 400, "BadRequest", `Invalid filter clause: ${filter}`);
      if (request.query.get("$orderby") === "receivedDateTime desc") {
        found = [...found].sort((a, b) => b.receivedDateTime.localeCompare(a.receivedDateTime));
      }
      return json(response, 200, {
        "@odata.context": `${fake.base}/$metadata#users('${MAILBOX.address}')/messages`,
        ...page(
          request,
          found.map((message) => messageResource(message, request)),
          10,
        ),
      });
    }
    if (is("POST", /^\/me\/sendMail$/)) {
      if (!wantsJson()) return;
      const message = body.message as Record<string, unknown> | undefined;
      const content = message?.body as { contentType?: string; content?: unknown } | undefined;
      if (
        !message ||
        !Array.isArray(message.toRecipients) ||
        message.toRecipients.length === 0 ||
        !validRecipients(message.toRecipients) ||
        !validRecipients(message.ccRecipients) ||
        !validRecipients(message.bccRecipients)
      ) {
        return graphError(response, 400, "ErrorInvalidRecipients", "At least one recipient is not valid.");
      }
      if (
        !content ||
        !["Text", "HTML"].includes(content.contentType ?? "") ||
        typeof content.content !== "string"
      ) {
        return graphError(
          response,
          400,
          "RequestBodyRead",
          "Invalid body: contentType must be Text or HTML.",
        );
      }
      fake.outbox.push({ kind: "sendMail", body });
      response.writeHead(202).end();
      return;
    }
    if (is("POST", /^\/me\/messages$/)) {
      if (!wantsJson()) return;
      if (!validRecipients(body.toRecipients) || !validRecipients(body.ccRecipients)) {
        return graphError(response, 400, "ErrorInvalidRecipients", "At least one recipient is not valid.");
      }
      const draft: FakeMessage = {
        id: nextId("AAMkDraft"),
        folderId: WELL_KNOWN.drafts as string,
        subject: String(body.subject ?? ""),
        from: `${MAILBOX.name} <${MAILBOX.address}>`,
        to: (body.toRecipients ?? []).map(
          (item: { emailAddress: { address: string } }) => item.emailAddress.address,
        ),
        text: String(body.body?.content ?? ""),
        receivedDateTime: "2026-03-02T10:00:00Z",
        isRead: true,
        isDraft: true,
        conversationId: nextId("AAQkConv"),
        internetMessageId: `<draft${sequence}@contoso.test>`,
      };
      fake.messages.push(draft);
      return json(response, 201, messageResource(draft, request));
    }
    if (is("GET", /^\/me\/mailFolders$/) || is("GET", /^\/me\/mailFolders\/[^/]+\/childFolders$/)) {
      const parent = segments[2] ? folderOf(segments[2]) : "AQMkRoot";
      const hidden = request.query.get("includeHiddenFolders") === "true";
      const found = fake.folders
        .filter((folder) => folder.parentFolderId === parent && (hidden || !folder.isHidden))
        .map((folder) => ({
          id: folder.id,
          displayName: folder.displayName,
          parentFolderId: folder.parentFolderId,
          childFolderCount: fake.folders.filter((child) => child.parentFolderId === folder.id).length,
          unreadItemCount: fake.messages.filter(
            (message) => message.folderId === folder.id && !message.isRead,
          ).length,
          totalItemCount: fake.messages.filter((message) => message.folderId === folder.id).length,
          isHidden: folder.isHidden ?? false,
        }));
      return json(response, 200, page(request, found, 10));
    }
    if (segments[0] === "me" && segments[1] === "messages" && segments[2]) {
      const message = fake.messages.find((candidate) => candidate.id === segments[2]);
      if (!message) return notFound(response);
      const action = segments[3];
      if (request.method === "GET" && !action) return json(response, 200, messageResource(message, request));
      if (request.method === "GET" && action === "attachments") {
        const value = (message.attachments ?? []).map((attachment) =>
          selected(request, {
            "@odata.type": "#microsoft.graph.fileAttachment",
            ...attachment,
            isInline: false,
            lastModifiedDateTime: message.receivedDateTime,
            contentBytes: Buffer.from("secret bytes").toString("base64"),
          }),
        );
        return json(response, 200, { value });
      }
      if (request.method !== "POST")
        return graphError(response, 405, "MethodNotAllowed", "Method not allowed.");
      if (action === "reply" || action === "replyAll") {
        if (!wantsJson()) return;
        if (typeof body.comment !== "string")
          return graphError(response, 400, "RequestBodyRead", "comment is required.");
        fake.outbox.push({ kind: action, id: message.id, body });
        response.writeHead(202).end();
        return;
      }
      if (action === "createReply") {
        if (!wantsJson()) return;
        const draft: FakeMessage = {
          ...message,
          id: nextId("AAMkReply"),
          folderId: WELL_KNOWN.drafts as string,
          subject: `RE: ${message.subject}`,
          from: `${MAILBOX.name} <${MAILBOX.address}>`,
          to: [message.from],
          text: String(body.comment ?? ""),
          isDraft: true,
          attachments: [],
        };
        fake.messages.push(draft);
        return json(response, 201, messageResource(draft, request));
      }
      if (action === "send") {
        // The reference asks for Content-Length: 0 and no body.
        if (request.body || request.headers["content-length"] !== "0") {
          return graphError(response, 411, "LengthRequired", "Content-Length: 0 is required.");
        }
        if (!message.isDraft) {
          return graphError(response, 400, "ErrorInvalidOperation", "Only drafts can be sent.");
        }
        message.isDraft = false;
        message.folderId = WELL_KNOWN.sentitems as string;
        fake.outbox.push({ kind: "send", id: message.id, body: null });
        response.writeHead(202).end();
        return;
      }
      if (action === "move") {
        if (!wantsJson()) return;
        const destination = folderOf(String(body.destinationId ?? ""));
        if (!fake.folders.some((folder) => folder.id === destination)) return notFound(response);
        message.folderId = destination;
        message.id = nextId("AAMkMoved");
        return json(response, 201, messageResource(message, request));
      }
      return graphError(response, 400, "BadRequest", `Unknown action ${action}.`);
    }

    // ---- Outlook calendar
    if (is("GET", /^\/me\/calendars$/)) {
      const value = fake.calendars.map((calendar) =>
        selected(request, {
          ...calendar,
          color: "auto",
          canEdit: true,
          owner: { name: MAILBOX.name, address: MAILBOX.address },
        }),
      );
      return json(response, 200, page(request, value, 10));
    }
    const view = /^\/me(?:\/calendars\/([^/]+))?\/calendarView$/.exec(path);
    if (request.method === "GET" && view) {
      const start = request.query.get("startDateTime");
      const end = request.query.get("endDateTime");
      if (!start || !end) {
        return graphError(
          response,
          400,
          "ErrorInvalidParameter",
          "This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.",
        );
      }
      const calendar = view[1]
        ? decodeURIComponent(view[1])
        : (fake.calendars.find((item) => item.isDefaultCalendar)?.id ?? "");
      const from = new Date(start).getTime();
      const to = new Date(end).getTime();
      const found = fake.events
        .filter(
          (event) =>
            event.calendarId === calendar &&
            new Date(`${event.end}Z`).getTime() > from &&
            new Date(`${event.start}Z`).getTime() < to,
        )
        .sort((a, b) => a.start.localeCompare(b.start))
        .map((event) => selected(request, eventResource(event, request)));
      return json(response, 200, page(request, found, 10));
    }
    const eventCreate = /^\/me(?:\/calendars\/([^/]+))?\/events$/.exec(path);
    if (request.method === "POST" && eventCreate) {
      if (!wantsJson()) return;
      const start = utcOf(body.start);
      const end = utcOf(body.end);
      if (
        !body.subject ||
        !start ||
        !end ||
        !validRecipients(body.attendees?.map(({ type: _, ...rest }: { type?: string }) => rest))
      ) {
        return graphError(
          response,
          400,
          "ErrorInvalidRequest",
          "The event is not valid: subject, start and end with a timeZone are needed.",
        );
      }
      const event: FakeEvent = {
        id: nextId("AAMkEvent"),
        calendarId: eventCreate[1] ? decodeURIComponent(eventCreate[1]) : "AQMkCalendar",
        subject: body.subject,
        start,
        end,
        attendees: (body.attendees ?? []).map(
          (item: { emailAddress: { address: string } }) => item.emailAddress.address,
        ),
        location: body.location?.displayName,
        body: body.body?.content,
      };
      fake.events.push(event);
      return json(response, 201, eventResource(event, request));
    }
    if (segments[0] === "me" && segments[1] === "events" && segments[2] && !segments[3]) {
      const event = fake.events.find((candidate) => candidate.id === segments[2]);
      if (!event) return notFound(response);
      if (request.method === "GET") return json(response, 200, eventResource(event, request));
      if (request.method === "DELETE") {
        fake.events.splice(fake.events.indexOf(event), 1);
        response.writeHead(204).end();
        return;
      }
      if (request.method === "PATCH") {
        if (!wantsJson()) return;
        if (body.start) event.start = utcOf(body.start) ?? event.start;
        if (body.end) event.end = utcOf(body.end) ?? event.end;
        if (body.subject !== undefined) event.subject = body.subject;
        if (body.location) event.location = body.location.displayName;
        if (body.body) event.body = body.body.content;
        return json(response, 200, eventResource(event, request));
      }
    }
    if (is("POST", /^\/me\/findMeetingTimes$/)) {
      if (!wantsJson()) return;
      const slot = body.timeConstraint?.timeSlots?.[0];
      const minutes = /^PT(?:(\d+)H)?(?:(\d+)M)?$/.exec(String(body.meetingDuration ?? ""));
      if (
        !slot?.start?.dateTime ||
        !slot?.end?.dateTime ||
        !minutes ||
        !validRecipients(body.attendees?.map(({ type: _, ...rest }: { type?: string }) => rest))
      ) {
        return graphError(
          response,
          400,
          "ErrorInvalidRequest",
          "attendees, timeConstraint.timeSlots and meetingDuration are needed.",
        );
      }
      const zone = /outlook\.timezone="([^"]+)"/.exec(String(request.headers.prefer ?? ""))?.[1] ?? "UTC";
      const length = (Number(minutes[1] ?? 0) * 60 + Number(minutes[2] ?? 0)) * 60_000;
      const startAt = new Date(`${slot.start.dateTime}Z`);
      return json(response, 200, {
        "@odata.context": `${fake.base}/$metadata#microsoft.graph.meetingTimeSuggestionsResult`,
        emptySuggestionsReason: "",
        meetingTimeSuggestions: [
          {
            confidence: 100,
            organizerAvailability: "free",
            suggestionReason:
              "Suggested because it is one of the nearest times when all attendees are available.",
            meetingTimeSlot: {
              start: { dateTime: `${slot.start.dateTime}.0000000`, timeZone: zone },
              end: {
                dateTime: `${new Date(startAt.getTime() + length).toISOString().slice(0, 19)}.0000000`,
                timeZone: zone,
              },
            },
            attendeeAvailability: body.attendees.map((attendee: { type: string; emailAddress: unknown }) => ({
              attendee: { type: attendee.type, emailAddress: attendee.emailAddress },
              availability: "free",
            })),
            locations: [],
          },
        ],
      });
    }
    if (is("POST", /^\/me\/calendar\/getSchedule$/)) {
      if (!wantsJson()) return;
      if (!Array.isArray(body.schedules) || !body.startTime?.dateTime || !body.endTime?.dateTime) {
        return graphError(
          response,
          400,
          "ErrorInvalidRequest",
          "schedules, startTime and endTime are needed.",
        );
      }
      return json(response, 200, {
        value: body.schedules.map((address: string) => ({
          scheduleId: address,
          availabilityView: "0220",
          scheduleItems: [
            {
              isPrivate: false,
              status: "busy",
              start: {
                dateTime: `${body.startTime.dateTime.slice(0, 11)}09:00:00.0000000`,
                timeZone: body.startTime.timeZone,
              },
              end: {
                dateTime: `${body.startTime.dateTime.slice(0, 11)}10:00:00.0000000`,
                timeZone: body.startTime.timeZone,
              },
            },
          ],
          workingHours: {
            daysOfWeek: ["monday", "tuesday", "wednesday", "thursday", "friday"],
            startTime: "08:00:00.0000000",
            endTime: "17:00:00.0000000",
          },
        })),
      });
    }
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
  };
  return fake;
}
