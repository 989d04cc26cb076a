// A fake Gmail API v1, written from Google's reference (not from Portico's code):
// https://developers.google.com/workspace/gmail/api/reference/rest — users.messages list/get/send/modify,
// users.messages.attachments.get, users.threads list/get, users.drafts create/send, users.labels.list,
// users.getProfile. It keeps a small mailbox, pages with opaque nextPageToken values, accepts only the
// bearer tokens the test says are valid, and answers errors in Google's JSON error shape.
// Several people: `users/me` is whoever the access token belongs to, so a token mapped to another
// address (identities, or identify for the OAuth fake's identityOf) reads and writes that person's own
// mailbox and profile; every other token reaches the default one (mailbox, drafts, profileEmail).
// `served` records which token each request carried and whose mailbox answered it.
import type { ServerResponse } from "node:http";
import { authorized, googleError, pageOf } from "./google-api.ts";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export interface FakeMail {
  id: string;
  threadId: string;
  labelIds: string[];
  /** Milliseconds since the epoch, as a string (internalDate). */
  internalDate: string;
  headers: { name: string; value: string }[];
  text: string;
  html?: string;
  attachments?: { id: string; filename: string; mimeType: string; content: Buffer }[];
  /** What messages.send or drafts.create received, base64url-decoded. */
  raw?: string;
}

/** One person's mailbox. */
export interface FakeGmailAccount {
  email: string;
  mailbox: FakeMail[];
  drafts: Map<string, FakeMail>;
}

/** An authenticated request: the token it carried and whose mailbox answered it. */
export interface GmailServed {
  token: string;
  email: string;
  method: string;
  path: string;
}

export interface FakeGmail extends HttpFake {
  /** The default mailbox, drafts and address: what a token of nobody in particular reaches. */
  mailbox: FakeMail[];
  drafts: Map<string, FakeMail>;
  profileEmail: string;
  /** Whether the request's bearer token is one the test considers valid. */
  acceptsToken: (token: string) => boolean;
  /** Other people's mailboxes by address (addAccount, or made empty when a token first names one). */
  accounts: Map<string, FakeGmailAccount>;
  /** Access token → the address whose mailbox it reaches. */
  identities: Map<string, string>;
  /** Asked for tokens not in `identities` (e.g. `(token) => oauth.identityOf(token)`). */
  identify: ((token: string) => string | undefined) | undefined;
  /** Adds (or replaces) a person's mailbox. */
  addAccount(email: string, mailbox?: FakeMail[]): FakeGmailAccount;
  /** The address a token reaches (profileEmail for a token of nobody in particular). */
  emailOf(token: string): string;
  /** Every authenticated request, in order, with its token and whose mailbox answered it. */
  served: GmailServed[];
}

const PREFIX = "/gmail/v1/users/me";

const b64url = (text: string | Buffer) => Buffer.from(text).toString("base64url");

const header = (mail: FakeMail, name: string) =>
  mail.headers.find((item) => item.name.toLowerCase() === name.toLowerCase())?.value ?? "";

/** Gmail search, the parts tests use: from:, subject:, is:unread, label ids, and free words. */
function matches(mail: FakeMail, q: string | null, labelIds: string[]) {
  if (!labelIds.every((label) => mail.labelIds.includes(label))) return false;
  for (const term of (q ?? "").split(/\s+/).filter(Boolean)) {
    const [key, value = ""] = term.includes(":") ? term.split(/:(.*)/s) : ["", term];
    const lower = value.toLowerCase();
    if (key === "from" && !header(mail, "From").toLowerCase().includes(lower)) return false;
    if (key === "subject" && !header(mail, "Subject").toLowerCase().includes(lower)) return false;
    if (key === "is" && lower === "unread" && !mail.labelIds.includes("UNREAD")) return false;
    if (key === "" && !`${header(mail, "Subject")} ${mail.text}`.toLowerCase().includes(lower)) return false;
  }
  return true;
}

function part(partId: string, mimeType: string, content: string) {
  return {
    partId,
    mimeType,
    filename: "",
    headers: [{ name: "Content-Type", value: `${mimeType}; charset="UTF-8"` }],
    body: { size: Buffer.byteLength(content), data: b64url(content) },
  };
}

/** The Message resource in format=full: headers at the top, bodies base64url in the parts. */
function fullMessage(mail: FakeMail) {
  const bodies = mail.html
    ? {
        partId: "0",
        mimeType: "multipart/alternative",
        filename: "",
        headers: [],
        body: { size: 0 },
        parts: [part("0.0", "text/plain", mail.text), part("0.1", "text/html", mail.html)],
      }
    : part("0", "text/plain", mail.text);
  const attachments = (mail.attachments ?? []).map((attachment, index) => ({
    partId: String(index + 1),
    mimeType: attachment.mimeType,
    filename: attachment.filename,
    headers: [{ name: "Content-Disposition", value: `attachment; filename="${attachment.filename}"` }],
    body: { attachmentId: attachment.id, size: attachment.content.length },
  }));
  return {
    ...summary(mail),
    snippet: mail.text.slice(0, 100),
    historyId: "1000",
    internalDate: mail.internalDate,
    sizeEstimate: mail.text.length,
    payload: {
      partId: "",
      mimeType: "multipart/mixed",
      filename: "",
      headers: mail.headers,
      body: { size: 0 },
      parts: [bodies, ...attachments],
    },
  };
}

function metadataMessage(mail: FakeMail, names: string[]) {
  const wanted = names.map((name) => name.toLowerCase());
  return {
    ...summary(mail),
    snippet: mail.text.slice(0, 100),
    internalDate: mail.internalDate,
    payload: {
      mimeType: "multipart/mixed",
      headers: mail.headers.filter((item) => wanted.length === 0 || wanted.includes(item.name.toLowerCase())),
    },
  };
}

const summary = (mail: FakeMail) => ({ id: mail.id, threadId: mail.threadId, labelIds: mail.labelIds });

/** Headers of an RFC 2822 message (unfolded); Gmail refuses a message without a recipient. */
function parseRaw(raw: string) {
  const [head = ""] = raw.split(/\r?\n\r?\n/);
  return head
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)
    .map((line) => ({
      name: line.slice(0, line.indexOf(":")),
      value: line.slice(line.indexOf(":") + 1).trim(),
    }));
}

export async function startFakeGmail(acceptsToken: (token: string) => boolean): Promise<FakeGmail> {
  let sequence = 0;
  const nextId = () => `19${(++sequence).toString(16).padStart(14, "0")}`;
  let fake!: FakeGmail;

  /** The mailbox a token reaches; the default one is read from the fake each time (tests replace it). */
  function accountOf(token: string): FakeGmailAccount {
    const email = fake.identities.get(token) ?? fake.identify?.(token);
    if (email === undefined) return { email: fake.profileEmail, mailbox: fake.mailbox, drafts: fake.drafts };
    const own = fake.accounts.get(email);
    if (own) return own;
    if (email === fake.profileEmail) return { email, mailbox: fake.mailbox, drafts: fake.drafts };
    return fake.addAccount(email);
  }

  function store(
    account: FakeGmailAccount,
    raw: string | undefined,
    threadId: unknown,
    labelIds: string[],
    response: ServerResponse,
  ) {
    if (typeof raw !== "string" || raw === "") {
      googleError(
        response,
        400,
        "INVALID_ARGUMENT",
        "'raw' RFC822 payload message string or uploading message via /upload/* URL required",
        "invalidArgument",
      );
      return null;
    }
    const decoded = Buffer.from(raw, "base64url").toString("utf8");
    const headers = parseRaw(decoded);
    if (!headers.some((item) => /^(to|cc|bcc)$/i.test(item.name))) {
      googleError(response, 400, "INVALID_ARGUMENT", "Invalid To header", "invalidArgument");
      return null;
    }
    if (threadId !== undefined && !account.mailbox.some((mail) => mail.threadId === threadId)) {
      googleError(response, 404, "NOT_FOUND", "Requested entity was not found.", "notFound");
      return null;
    }
    const id = nextId();
    const mail: FakeMail = {
      id,
      threadId: typeof threadId === "string" ? threadId : id,
      labelIds,
      internalDate: String(Date.now()),
      headers: [{ name: "From", value: account.email }, ...headers],
      text: "",
      raw: decoded,
    };
    return mail;
  }

  const http = await startHttpFake((request: RecordedRequest, response) => {
    if (!authorized(request, response, fake.acceptsToken)) return;
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    const account = accountOf(token);
    fake.served.push({ token, email: account.email, method: request.method, path: request.path });
    if (!request.path.startsWith(PREFIX))
      return googleError(response, 404, "NOT_FOUND", "Not Found", "notFound");
    const path = request.path.slice(PREFIX.length);
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    const notFound = () =>
      googleError(response, 404, "NOT_FOUND", "Requested entity was not found.", "notFound");
    const find = (wanted: string | undefined) => account.mailbox.find((mail) => mail.id === wanted);
    const maxResults = Number(request.query.get("maxResults") ?? 100);
    const page = <T>(items: T[]) => pageOf(items, request, maxResults);
    const found = account.mailbox.filter((mail) =>
      matches(mail, request.query.get("q"), request.query.getAll("labelIds")),
    );
    const [collection, id, sub, subId] = path.split("/").filter(Boolean).map(decodeURIComponent);
    const at = (method: string, ...shape: (string | undefined)[]) =>
      request.method === method &&
      shape.length === [collection, id, sub, subId].filter(Boolean).length &&
      shape.every((item, index) => item === undefined || item === [collection, id, sub, subId][index]);

    if (request.method === "GET" && path === "/profile") {
      return json(response, 200, {
        emailAddress: account.email,
        messagesTotal: account.mailbox.length,
        threadsTotal: new Set(account.mailbox.map((mail) => mail.threadId)).size,
        historyId: "1000",
      });
    }
    if (request.method === "GET" && path === "/messages") {
      const { slice, next } = page(found);
      return json(response, 200, {
        ...(slice.length
          ? { messages: slice.map((mail) => ({ id: mail.id, threadId: mail.threadId })) }
          : {}),
        ...next,
        resultSizeEstimate: found.length,
      });
    }
    if (at("GET", "messages", undefined)) {
      const mail = find(id);
      if (!mail) return notFound();
      const format = request.query.get("format") ?? "full";
      return json(
        response,
        200,
        format === "metadata"
          ? metadataMessage(mail, request.query.getAll("metadataHeaders"))
          : fullMessage(mail),
      );
    }
    if (at("GET", "messages", undefined, "attachments", undefined)) {
      const attachment = find(id)?.attachments?.find((item) => item.id === subId);
      if (!attachment) return notFound();
      return json(response, 200, { size: attachment.content.length, data: b64url(attachment.content) });
    }
    if (at("POST", "messages", undefined, "modify")) {
      const mail = find(id);
      if (!mail) return notFound();
      const add = (body.addLabelIds as string[] | undefined) ?? [];
      const remove = (body.removeLabelIds as string[] | undefined) ?? [];
      mail.labelIds = [...new Set([...mail.labelIds.filter((label) => !remove.includes(label)), ...add])];
      return json(response, 200, summary(mail));
    }
    if (request.method === "POST" && path === "/messages/send") {
      const mail = store(account, body.raw as string | undefined, body.threadId, ["SENT"], response);
      if (!mail) return;
      account.mailbox.push(mail);
      return json(response, 200, summary(mail));
    }
    if (request.method === "GET" && path === "/threads") {
      const threads = [...new Map(found.map((mail) => [mail.threadId, mail])).values()];
      const { slice, next } = page(threads);
      return json(response, 200, {
        ...(slice.length
          ? {
              threads: slice.map((mail) => ({
                id: mail.threadId,
                snippet: mail.text.slice(0, 100),
                historyId: "1000",
              })),
            }
          : {}),
        ...next,
        resultSizeEstimate: threads.length,
      });
    }
    if (at("GET", "threads", undefined)) {
      const messages = account.mailbox.filter((mail) => mail.threadId === id);
      if (messages.length === 0) return notFound();
      return json(response, 200, {
        id,
        snippet: "",
        historyId: "1000",
        messages: messages.map(fullMessage),
      });
    }
    if (request.method === "POST" && path === "/drafts") {
      const message = (body.message ?? {}) as Record<string, unknown>;
      const mail = store(account, message.raw as string | undefined, message.threadId, ["DRAFT"], response);
      if (!mail) return;
      const draftId = `r-${mail.id}`;
      account.drafts.set(draftId, mail);
      return json(response, 200, { id: draftId, message: summary(mail) });
    }
    if (request.method === "POST" && path === "/drafts/send") {
      const mail = account.drafts.get(String(body.id ?? ""));
      if (!mail) return notFound();
      account.drafts.delete(String(body.id));
      mail.labelIds = ["SENT"];
      account.mailbox.push(mail);
      return json(response, 200, summary(mail));
    }
    if (request.method === "GET" && path === "/labels") {
      return json(response, 200, {
        labels: [
          {
            id: "INBOX",
            name: "INBOX",
            type: "system",
            messageListVisibility: "hide",
            labelListVisibility: "labelShow",
          },
          { id: "UNREAD", name: "UNREAD", type: "system" },
          { id: "STARRED", name: "STARRED", type: "system" },
          {
            id: "Label_12",
            name: "Invoices",
            type: "user",
            messageListVisibility: "show",
            labelListVisibility: "labelShow",
          },
        ],
      });
    }
    return googleError(response, 404, "NOT_FOUND", "Not Found", "notFound");
  });
  fake = {
    ...http,
    mailbox: [],
    drafts: new Map(),
    profileEmail: "petr@acme.test",
    acceptsToken,
    accounts: new Map(),
    identities: new Map(),
    identify: undefined,
    addAccount(email, mailbox = []) {
      const account: FakeGmailAccount = { email, mailbox, drafts: new Map() };
      fake.accounts.set(email, account);
      return account;
    },
    emailOf: (token) => accountOf(token).email,
    served: [],
  };
  return fake;
}
