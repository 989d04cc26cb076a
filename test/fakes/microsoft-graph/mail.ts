// The fake Graph's Outlook mail area: messages listed, searched ($search in double quotes) or filtered,
// read (Prefer: outlook.body-content-type), their attachments, sendMail, reply/replyAll, drafts
// (create, createReply, send with Content-Length: 0), move, and mail folders with their children.
import { json, type RecordedRequest } from "../http-fake.ts";
import {
  emailAddress,
  type FakeMessage,
  type GraphRequest,
  graphError,
  type Handled,
  MAILBOX,
  NOT_MINE,
  notFound,
  selected,
  validRecipients,
  WELL_KNOWN,
} from "./state.ts";

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

export function handleMail(graph: GraphRequest): Handled {
  const { fake, request, response, path, segments, body, wantsJson, is, page, nextId, lastId } = graph;
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
      return graphError(response, 400, "BadRequest", "Syntax error: character '\"' is expected in $search.");
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
      return graphError(response, 400, "RequestBodyRead", "Invalid body: contentType must be Text or HTML.");
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
      internetMessageId: `<draft${lastId()}@contoso.test>`,
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
        unreadItemCount: fake.messages.filter((message) => message.folderId === folder.id && !message.isRead)
          .length,
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

  return NOT_MINE;
}
