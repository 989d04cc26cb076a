// Outlook email's tool pack through /mcp against a fake Microsoft Graph written from Microsoft's
// reference: every tool's request checked exactly (method, path, query, bearer token, headers, body),
// a list followed to its second page by @odata.nextLink, a Graph error as one clear sentence, and the
// token refreshed on expiry and once after a 401 (Microsoft rotates refresh tokens).
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { queryOf, type RecordedRequest, reseed } from "../fakes/http-fake.ts";
import { type FakeMessage, MAILBOX } from "../fakes/microsoft-graph.ts";
import { textOf } from "./google-world.ts";
import { startMicrosoftWorld } from "./microsoft-world.ts";
import { expectToolsDescribed, packTools } from "./tool-pack.ts";

const T = "outlook_email_";

const message = (id: string, subject: string, more: Partial<FakeMessage> = {}): FakeMessage => ({
  id,
  folderId: "AQMkInbox",
  subject,
  from: "Ana Novak <ana@example.com>",
  to: [`${MAILBOX.name} <${MAILBOX.address}>`],
  text: `Body of ${subject}`,
  receivedDateTime: `2026-03-0${id.slice(-1)}T08:00:00Z`,
  isRead: false,
  conversationId: `conv-${id}`,
  internetMessageId: `<${id}@mail.example.com>`,
  ...more,
});

const w = await startMicrosoftWorld(["outlook-email"]);
afterAll(() => w.close());
beforeEach(() => {
  w.graph.requests.length = 0;
  w.graph.outbox.length = 0;
  reseed(
    w.graph.folders,
    { id: "AQMkInbox", displayName: "Inbox", parentFolderId: "AQMkRoot" },
    { id: "AQMkDrafts", displayName: "Drafts", parentFolderId: "AQMkRoot" },
    { id: "AQMkSent", displayName: "Sent Items", parentFolderId: "AQMkRoot" },
    { id: "AQMkArchive", displayName: "Archive", parentFolderId: "AQMkRoot" },
    { id: "AQMkDeleted", displayName: "Deleted Items", parentFolderId: "AQMkRoot" },
    { id: "AQMkConv", displayName: "Conversation History", parentFolderId: "AQMkRoot", isHidden: true },
    { id: "AQMkClients", displayName: "Clients", parentFolderId: "AQMkInbox" },
  );
  reseed(
    w.graph.messages,
    message("AAMk1", "Offer", {
      cc: ["boss@example.com"],
      attachments: [{ id: "att-1", name: "prices.csv", contentType: "text/csv", size: 18 }],
    }),
    message("AAMk2", "Invoice 2026-03", { isRead: true }),
    message("AAMk3", "Invoice reminder"),
    message("AAMk4", "Lunch", { from: "Bob <bob@example.com>", folderId: "AQMkClients" }),
  );
});

const only = w.onlyRequest;
const SUMMARY =
  "id,subject,from,toRecipients,receivedDateTime,isRead,hasAttachments,bodyPreview,conversationId,parentFolderId";

describe("Outlook email tools on /mcp", () => {
  it("lists the pack's tools with their annotations and described parameters", async () => {
    const { tools, byName } = await packTools(w.client, T);
    expect([...byName.keys()].sort()).toEqual([
      "create_draft",
      "get_message",
      "list_folders",
      "list_messages",
      "move_message",
      "reply_to_message",
      "send_draft",
      "send_message",
    ]);
    for (const name of ["list_messages", "get_message", "list_folders"])
      expect(byName.get(name)?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    for (const name of ["send_message", "reply_to_message", "create_draft", "send_draft", "move_message"])
      expect(byName.get(name)?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expectToolsDescribed(tools);
  });

  it("list_messages: newest first, followed to its second page by nextLink", async () => {
    const first = await w.call(`${T}list_messages`, { top: 2 });
    const request = only();
    expect([request.method, request.path]).toEqual(["GET", "/v1.0/me/messages"]);
    expect(queryOf(request)).toEqual([
      ["$select", SUMMARY],
      ["$top", "2"],
      ["$orderby", "receivedDateTime desc"],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    const page1 = first.structuredContent as { value: { id: string; from: string }[]; nextLink: string };
    expect(page1.value.map((item) => item.id)).toEqual(["AAMk4", "AAMk3"]);
    expect(page1.value[1]?.from).toBe("Ana Novak <ana@example.com>");
    expect(page1.nextLink).toMatch(new RegExp(`^${w.graph.base}/me/messages\\?`));

    w.graph.requests.length = 0;
    const second = await w.call(`${T}list_messages`, { nextLink: page1.nextLink });
    const next = only();
    expect(`${w.graph.url}${next.path}?${next.query.toString()}`).toBe(page1.nextLink);
    expect(next.headers.authorization).toBe(w.bearer());
    const page2 = second.structuredContent as { value: { id: string }[]; nextLink?: string };
    expect(page2.value.map((item) => item.id)).toEqual(["AAMk2", "AAMk1"]);
    expect(page2.nextLink).toBeUndefined();
  });

  it("list_messages: refuses a nextLink that is not Graph's", async () => {
    const result = await w.call(`${T}list_messages`, {
      nextLink: "https://evil.example.com/v1.0/me/messages",
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/not one this API gave/);
    expect(w.graph.requests).toHaveLength(0);
  });

  it("list_messages: a KQL search in a folder goes in double quotes, without $orderby", async () => {
    const result = await w.call(`${T}list_messages`, { folderId: "inbox", search: "from:ana invoice" });
    const request = only();
    expect(request.path).toBe("/v1.0/me/mailFolders/inbox/messages");
    expect(queryOf(request)).toEqual([
      ["$select", SUMMARY],
      ["$search", '"from:ana invoice"'],
    ]);
    const found = result.structuredContent as { value: { id: string }[] };
    expect(found.value.map((item) => item.id).sort()).toEqual(["AAMk2", "AAMk3"]);
  });

  it("list_messages: an OData filter", async () => {
    await w.call(`${T}list_messages`, { filter: "isRead eq false", top: 5 });
    expect(queryOf(only())).toEqual([
      ["$select", SUMMARY],
      ["$top", "5"],
      ["$filter", "isRead eq false"],
    ]);
  });

  it("get_message: body as text (Prefer header), threading headers and the attachment list", async () => {
    const result = await w.call(`${T}get_message`, { id: "AAMk1" });
    const [get, attachments] = w.apiRequests() as [RecordedRequest, RecordedRequest];
    expect(w.apiRequests()).toHaveLength(2);
    expect([get.method, get.path]).toEqual(["GET", "/v1.0/me/messages/AAMk1"]);
    expect(queryOf(get)).toEqual([
      [
        "$select",
        "id,subject,from,toRecipients,ccRecipients,bccRecipients,replyTo,receivedDateTime,sentDateTime,isRead,isDraft,hasAttachments,conversationId,parentFolderId,internetMessageId,webLink,body,internetMessageHeaders",
      ],
    ]);
    expect(get.headers.prefer).toBe('outlook.body-content-type="text"');
    expect(get.headers.authorization).toBe(w.bearer());
    expect([attachments.method, attachments.path, queryOf(attachments)]).toEqual([
      "GET",
      "/v1.0/me/messages/AAMk1/attachments",
      [["$select", "id,name,contentType,size,isInline"]],
    ]);
    expect(result.structuredContent).toMatchObject({
      id: "AAMk1",
      subject: "Offer",
      from: "Ana Novak <ana@example.com>",
      toRecipients: [`${MAILBOX.name} <${MAILBOX.address}>`],
      ccRecipients: ["boss@example.com"],
      bodyType: "text",
      text: "Body of Offer",
      headers: { "Message-ID": "<AAMk1@mail.example.com>" },
      attachments: [{ id: "att-1", name: "prices.csv", contentType: "text/csv", size: 18, isInline: false }],
    });
    expect(JSON.stringify(result.structuredContent)).not.toContain("contentBytes");
  });

  it("send_message: Graph's message built from the fields", async () => {
    const result = await w.call(`${T}send_message`, {
      to: ["Ana Novak <ana@example.com>"],
      cc: ["boss@example.com"],
      bcc: ["audit@example.com"],
      subject: "Tuesday",
      text: "Tuesday at 10 works.",
    });
    const request = only();
    expect([request.method, request.path]).toEqual(["POST", "/v1.0/me/sendMail"]);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers.authorization).toBe(w.bearer());
    expect(JSON.parse(request.body)).toEqual({
      message: {
        subject: "Tuesday",
        body: { contentType: "Text", content: "Tuesday at 10 works." },
        toRecipients: [{ emailAddress: { name: "Ana Novak", address: "ana@example.com" } }],
        ccRecipients: [{ emailAddress: { address: "boss@example.com" } }],
        bccRecipients: [{ emailAddress: { address: "audit@example.com" } }],
      },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ sent: true });
    expect(w.graph.outbox).toHaveLength(1);
  });

  it("send_message: an HTML body, and no copy in Sent Items when asked", async () => {
    await w.call(`${T}send_message`, {
      to: ["ana@example.com"],
      subject: "Hi",
      text: "",
      html: "<p>Hi</p>",
      saveToSentItems: false,
    });
    expect(JSON.parse(only().body)).toEqual({
      message: {
        subject: "Hi",
        body: { contentType: "HTML", content: "<p>Hi</p>" },
        toRecipients: [{ emailAddress: { address: "ana@example.com" } }],
      },
      saveToSentItems: false,
    });
  });

  it("reply_to_message and replyAll: the comment to Graph's reply actions", async () => {
    const reply = await w.call(`${T}reply_to_message`, { id: "AAMk1", text: "Thanks, received." });
    const request = only();
    expect([request.method, request.path, JSON.parse(request.body)]).toEqual([
      "POST",
      "/v1.0/me/messages/AAMk1/reply",
      { comment: "Thanks, received." },
    ]);
    expect(reply.structuredContent).toMatchObject({ sent: true });
    w.graph.requests.length = 0;
    await w.call(`${T}reply_to_message`, { id: "AAMk1", text: "All: agreed.", replyAll: true });
    expect(only().path).toBe("/v1.0/me/messages/AAMk1/replyAll");
  });

  it("create_draft then send_draft", async () => {
    const created = await w.call(`${T}create_draft`, {
      to: ["ana@example.com"],
      subject: "Offer",
      text: "Hi Ana, the offer follows.",
    });
    const request = only();
    expect([request.method, request.path]).toEqual(["POST", "/v1.0/me/messages"]);
    expect(JSON.parse(request.body)).toEqual({
      subject: "Offer",
      body: { contentType: "Text", content: "Hi Ana, the offer follows." },
      toRecipients: [{ emailAddress: { address: "ana@example.com" } }],
    });
    const draft = created.structuredContent as { id: string; subject: string; webLink: string };
    expect(draft).toMatchObject({ subject: "Offer", toRecipients: ["ana@example.com"] });
    expect(draft.webLink).toContain(draft.id);

    w.graph.requests.length = 0;
    const sent = await w.call(`${T}send_draft`, { id: draft.id });
    const send = only();
    expect([send.method, send.path, send.body]).toEqual(["POST", `/v1.0/me/messages/${draft.id}/send`, ""]);
    expect(send.headers.authorization).toBe(w.bearer());
    expect(sent.structuredContent).toEqual({ sent: true, id: draft.id });
    expect(w.graph.outbox.at(-1)).toMatchObject({ kind: "send", id: draft.id });
  });

  it("create_draft: a reply draft through createReply", async () => {
    const created = await w.call(`${T}create_draft`, { replyToMessageId: "AAMk1", text: "Looks good." });
    const request = only();
    expect([request.method, request.path, JSON.parse(request.body)]).toEqual([
      "POST",
      "/v1.0/me/messages/AAMk1/createReply",
      { comment: "Looks good." },
    ]);
    expect(created.structuredContent).toMatchObject({
      subject: "RE: Offer",
      toRecipients: ["Ana Novak <ana@example.com>"],
    });
  });

  it("move_message: to a well-known folder; the answer carries the new id", async () => {
    const result = await w.call(`${T}move_message`, { id: "AAMk2", destinationId: "archive" });
    const request = only();
    expect([request.method, request.path, JSON.parse(request.body)]).toEqual([
      "POST",
      "/v1.0/me/messages/AAMk2/move",
      { destinationId: "archive" },
    ]);
    const moved = result.structuredContent as { id: string; parentFolderId: string };
    expect(moved.parentFolderId).toBe("AQMkArchive");
    expect(moved.id).not.toBe("AAMk2");
  });

  it("list_folders: top level with hidden folders, then a folder's children", async () => {
    const top = await w.call(`${T}list_folders`, { includeHidden: true, top: 50 });
    const request = only();
    expect([request.method, request.path, queryOf(request)]).toEqual([
      "GET",
      "/v1.0/me/mailFolders",
      [
        ["$top", "50"],
        ["includeHiddenFolders", "true"],
      ],
    ]);
    const names = (top.structuredContent as { value: { displayName: string }[] }).value.map(
      (f) => f.displayName,
    );
    expect(names).toContain("Conversation History");
    w.graph.requests.length = 0;
    const inside = await w.call(`${T}list_folders`, { parentFolderId: "inbox" });
    expect(only().path).toBe("/v1.0/me/mailFolders/inbox/childFolders");
    expect(inside.structuredContent).toMatchObject({
      value: [{ displayName: "Clients", totalItemCount: 1 }],
    });
  });

  it("a Graph error is one clear sentence", async () => {
    const result = await w.call(`${T}get_message`, { id: "missing" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "Microsoft answered HTTP 404: The specified object was not found in the store. (ErrorItemNotFound)",
    );
  });

  it("refuses search together with filter before calling Graph", async () => {
    const result = await w.call(`${T}list_messages`, { search: "offer", filter: "isRead eq false" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/either search or filter/);
    expect(w.graph.requests).toHaveLength(0);
  });

  it("refreshes an expired token before calling (the rotated refresh token is kept)", async () => {
    const before = w.oauth.refreshRequests.length;
    const old = w.currentToken();
    await w.expireStoredToken();
    const result = await w.call(`${T}list_folders`, {});
    expect(result.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(1);
    const refresh = new URLSearchParams(w.oauth.refreshRequests.at(-1)?.body);
    expect(refresh.get("grant_type")).toBe("refresh_token");
    expect(refresh.get("client_id")).toBe("acme-entra-app");
    expect(w.currentToken()).not.toBe(old);
    expect(only().headers.authorization).toBe(`Bearer ${w.currentToken()}`);

    // The next refresh presents the rotated refresh token (the fake refuses the old one).
    await w.expireStoredToken();
    const again = await w.call(`${T}list_folders`, {});
    expect(again.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(2);
  });

  it("refreshes once after a 401 and sends the request again", async () => {
    const before = w.oauth.refreshRequests.length;
    const old = w.currentToken();
    w.refuseCurrentToken();
    const result = await w.call(`${T}send_message`, { to: ["ana@example.com"], subject: "Retry", text: "x" });
    expect(result.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(1);
    const sends = w.apiRequests();
    expect(sends.map((request) => request.headers.authorization)).toEqual([`Bearer ${old}`, w.bearer()]);
    expect(w.graph.outbox).toHaveLength(1);
  });
});
