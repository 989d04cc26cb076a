// Gmail's tool pack through /mcp against a fake Gmail API written from Google's reference: every tool's
// request checked exactly (method, path, query, bearer token, body), a list followed to its second page,
// a Google error as a clear message, and the token refreshed on expiry and once after a 401.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { FakeMail } from "../fakes/gmail.ts";
import { queryOf, type RecordedRequest } from "../fakes/http-fake.ts";
import { startGoogleWorld, textOf } from "./google-world.ts";

const BASE = "/gmail/v1/users/me";
const mail = (
  id: string,
  threadId: string,
  from: string,
  subject: string,
  more: Partial<FakeMail> = {},
): FakeMail => ({
  id,
  threadId,
  labelIds: ["INBOX", "UNREAD"],
  internalDate: "1767225600000",
  headers: [
    { name: "From", value: from },
    { name: "To", value: "Petr <petr@acme.test>, team@acme.test" },
    { name: "Subject", value: subject },
    { name: "Message-ID", value: `<${id}@mail.example.com>` },
  ],
  text: `Body of ${subject}`,
  ...more,
});

const w = await startGoogleWorld(["gmail"]);
afterAll(() => w.close());
beforeEach(() => {
  w.gmail.requests.length = 0;
  w.gmail.drafts.clear();
  w.gmail.mailbox.splice(
    0,
    w.gmail.mailbox.length,
    mail("m1", "t1", "Ana <ana@example.com>", "Offer", {
      html: "<p>Body of <b>Offer</b></p>",
      headers: [
        { name: "From", value: "Ana <ana@example.com>" },
        { name: "Reply-To", value: "sales@example.com" },
        { name: "To", value: "Petr <petr@acme.test>, team@acme.test" },
        { name: "Cc", value: "boss@example.com" },
        { name: "Subject", value: "Offer" },
        { name: "Message-ID", value: "<m1@mail.example.com>" },
        { name: "References", value: "<m0@mail.example.com>" },
      ],
      attachments: [
        {
          id: "att-1",
          filename: "prices.csv",
          mimeType: "text/csv",
          content: Buffer.from("item,price\nbolt,2\n"),
        },
      ],
    }),
    mail("m2", "t1", "Ana <ana@example.com>", "Re: Offer"),
    mail("m3", "t3", "Ana <ana@example.com>", "Invoice"),
    mail("m4", "t4", "Bob <bob@example.com>", "Lunch", { labelIds: ["INBOX"] }),
  );
});

const only = (): RecordedRequest => {
  expect(w.gmail.requests).toHaveLength(1);
  return w.gmail.requests[0] as RecordedRequest;
};
const rawOf = (
  request: RecordedRequest,
  pick: (body: Record<string, unknown>) => unknown = (body) => body.raw,
) => Buffer.from(String(pick(JSON.parse(request.body))), "base64url").toString("utf8");
const headerLines = (raw: string) => (raw.split("\r\n\r\n")[0] ?? "").split("\r\n");

describe("Gmail tools on /mcp", () => {
  it("lists the pack's tools with their annotations", async () => {
    const tools = (await w.client.listTools()).tools.filter((tool) => tool.name.startsWith("gmail_"));
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect([...byName.keys()].sort()).toEqual(
      [
        "create_draft",
        "get_attachment",
        "get_message",
        "get_thread",
        "list_labels",
        "list_threads",
        "modify_message_labels",
        "reply_to_message",
        "search_messages",
        "send_draft",
        "send_message",
      ].map((name) => `gmail_${name}`),
    );
    for (const name of [
      "search_messages",
      "get_message",
      "get_thread",
      "get_attachment",
      "list_threads",
      "list_labels",
    ])
      expect(byName.get(`gmail_${name}`)?.annotations).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
      });
    for (const name of [
      "send_message",
      "reply_to_message",
      "create_draft",
      "send_draft",
      "modify_message_labels",
    ])
      expect(byName.get(`gmail_${name}`)?.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: false,
      });
    for (const tool of tools) {
      expect(tool.description).toMatch(/Example: \{/);
      for (const property of Object.values(tool.inputSchema.properties ?? {}))
        if (!("properties" in (property as object)))
          expect((property as { description?: string }).description).toBeTruthy();
    }
  });

  it("search_messages: a Gmail query, followed to its second page", async () => {
    const first = await w.call("gmail_search_messages", { q: "from:ana@example.com", maxResults: 2 });
    const request = only();
    expect(request.method).toBe("GET");
    expect(request.path).toBe(`${BASE}/messages`);
    expect(queryOf(request)).toEqual([
      ["q", "from:ana@example.com"],
      ["maxResults", "2"],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    const page1 = first.structuredContent as { messages: { id: string }[]; nextPageToken: string };
    expect(page1.messages.map((item) => item.id)).toEqual(["m1", "m2"]);
    expect(page1.nextPageToken).toBeTruthy();

    w.gmail.requests.length = 0;
    const second = await w.call("gmail_search_messages", {
      q: "from:ana@example.com",
      maxResults: 2,
      pageToken: page1.nextPageToken,
    });
    expect(queryOf(only())).toEqual([
      ["q", "from:ana@example.com"],
      ["maxResults", "2"],
      ["pageToken", page1.nextPageToken],
    ]);
    expect(second.structuredContent).toEqual({
      messages: [{ id: "m3", threadId: "t3" }],
      resultSizeEstimate: 3,
    });
  });

  it("list_threads: label ids repeat in the query", async () => {
    const result = await w.call("gmail_list_threads", { labelIds: ["INBOX", "UNREAD"], maxResults: 10 });
    const request = only();
    expect([request.method, request.path]).toEqual(["GET", `${BASE}/threads`]);
    expect(queryOf(request)).toEqual([
      ["labelIds", "INBOX"],
      ["labelIds", "UNREAD"],
      ["maxResults", "10"],
    ]);
    expect(
      (result.structuredContent as { threads: { id: string }[] }).threads.map((thread) => thread.id),
    ).toEqual(["t1", "t3"]);
  });

  it("get_message: headers, decoded text and HTML bodies, and the attachment list", async () => {
    const result = await w.call("gmail_get_message", { id: "m1" });
    const request = only();
    expect([request.method, request.path, queryOf(request)]).toEqual([
      "GET",
      `${BASE}/messages/m1`,
      [["format", "full"]],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(result.structuredContent).toMatchObject({
      id: "m1",
      threadId: "t1",
      labelIds: ["INBOX", "UNREAD"],
      receivedAt: "2026-01-01T00:00:00.000Z",
      headers: { From: "Ana <ana@example.com>", Subject: "Offer", "Message-ID": "<m1@mail.example.com>" },
      text: "Body of Offer",
      html: "<p>Body of <b>Offer</b></p>",
      attachments: [{ filename: "prices.csv", mimeType: "text/csv", size: 18, attachmentId: "att-1" }],
    });
  });

  it("get_attachment: a text attachment comes back as text", async () => {
    const result = await w.call("gmail_get_attachment", { messageId: "m1", attachmentId: "att-1" });
    const request = only();
    expect([request.method, request.path, queryOf(request)]).toEqual([
      "GET",
      `${BASE}/messages/m1/attachments/att-1`,
      [],
    ]);
    expect(result.structuredContent).toEqual({ size: 18, text: "item,price\nbolt,2\n" });
  });

  it("get_thread: every message of the conversation, decoded", async () => {
    const result = await w.call("gmail_get_thread", { id: "t1" });
    const request = only();
    expect([request.method, request.path, queryOf(request)]).toEqual([
      "GET",
      `${BASE}/threads/t1`,
      [["format", "full"]],
    ]);
    const thread = result.structuredContent as { id: string; messages: { id: string; text: string }[] };
    expect(thread.id).toBe("t1");
    expect(thread.messages.map((message) => [message.id, message.text])).toEqual([
      ["m1", "Body of Offer"],
      ["m2", "Body of Re: Offer"],
    ]);
  });

  it("list_labels and modify_message_labels", async () => {
    const labels = await w.call("gmail_list_labels", {});
    expect([only().method, only().path, queryOf(only())]).toEqual(["GET", `${BASE}/labels`, []]);
    expect(
      (labels.structuredContent as { labels: { id: string }[] }).labels.map((label) => label.id),
    ).toContain("Label_12");

    w.gmail.requests.length = 0;
    const result = await w.call("gmail_modify_message_labels", {
      id: "m1",
      body: { addLabelIds: ["Label_12"], removeLabelIds: ["UNREAD", "INBOX"] },
    });
    const request = only();
    expect([request.method, request.path]).toEqual(["POST", `${BASE}/messages/m1/modify`]);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({
      addLabelIds: ["Label_12"],
      removeLabelIds: ["UNREAD", "INBOX"],
    });
    expect(result.structuredContent).toEqual({ id: "m1", threadId: "t1", labelIds: ["Label_12"] });
  });

  it("send_message: the tool writes the RFC 2822 message from fields", async () => {
    const result = await w.call("gmail_send_message", {
      to: ["Ana Novak <ana@example.com>"],
      cc: ["boss@example.com"],
      bcc: ["archive@acme.test"],
      subject: "Schůzka v úterý",
      text: "Hi Ana,\n\nTuesday at 10 works.",
    });
    const request = only();
    expect([request.method, request.path, queryOf(request)]).toEqual(["POST", `${BASE}/messages/send`, []]);
    expect(Object.keys(JSON.parse(request.body))).toEqual(["raw"]);
    const raw = rawOf(request);
    expect(headerLines(raw)).toEqual([
      "To: Ana Novak <ana@example.com>",
      "Cc: boss@example.com",
      "Bcc: archive@acme.test",
      `Subject: =?UTF-8?B?${Buffer.from("Schůzka v úterý").toString("base64")}?=`,
      "MIME-Version: 1.0",
      'Content-Type: text/plain; charset="UTF-8"',
      "Content-Transfer-Encoding: base64",
    ]);
    expect(Buffer.from(raw.split("\r\n\r\n")[1] ?? "", "base64").toString("utf8")).toBe(
      "Hi Ana,\n\nTuesday at 10 works.",
    );
    expect(result.structuredContent).toMatchObject({ labelIds: ["SENT"] });
  });

  it("send_message encodes non-ASCII display names as RFC 2047 words; addresses stay as given", async () => {
    await w.call("gmail_send_message", {
      to: ["Anička Nováková <ana@example.com>", '"Lee, Bob" <bob@example.com>'],
      subject: "Hi",
      text: "Hi",
    });
    const encoded = `=?UTF-8?B?${Buffer.from("Anička Nováková").toString("base64")}?=`;
    expect(headerLines(rawOf(only()))[0]).toBe(
      `To: ${encoded} <ana@example.com>, "Lee, Bob" <bob@example.com>`,
    );
  });

  it("reply_to_message: threading headers, Re: subject and reply-all recipients from the original", async () => {
    const result = await w.call("gmail_reply_to_message", {
      messageId: "m1",
      text: "Thanks, received.",
      replyAll: true,
    });
    expect(result.isError).toBeFalsy();
    const [original, profile, send] = w.gmail.requests as RecordedRequest[];
    expect(w.gmail.requests).toHaveLength(3);
    expect([original?.method, original?.path]).toEqual(["GET", `${BASE}/messages/m1`]);
    expect(original?.query.get("format")).toBe("metadata");
    expect(original?.query.getAll("metadataHeaders")).toEqual([
      "Subject",
      "From",
      "Reply-To",
      "To",
      "Cc",
      "Message-ID",
      "References",
    ]);
    expect([profile?.method, profile?.path]).toEqual(["GET", `${BASE}/profile`]);
    expect([send?.method, send?.path]).toEqual(["POST", `${BASE}/messages/send`]);
    const body = JSON.parse(send?.body ?? "{}");
    expect(body.threadId).toBe("t1");
    expect(headerLines(rawOf(send as RecordedRequest)).slice(0, 5)).toEqual([
      "To: sales@example.com",
      "Cc: team@acme.test, boss@example.com",
      "Subject: Re: Offer",
      "In-Reply-To: <m1@mail.example.com>",
      "References: <m0@mail.example.com> <m1@mail.example.com>",
    ]);
    expect(w.gmail.mailbox.at(-1)?.threadId).toBe("t1");
  });

  it("reply_to_message with replyAll keeps quoted names with commas whole and leaves the user out", async () => {
    w.gmail.mailbox.push(
      mail("m9", "t9", '"Novak, Ana" <ana@example.com>', "Plan", {
        headers: [
          { name: "From", value: '"Novak, Ana" <ana@example.com>' },
          { name: "To", value: '"Svoboda, Petr" <petr@acme.test>, "Lee, Bob" <bob@example.com>' },
          { name: "Cc", value: "Ana <ana@example.com>, bob@example.com, xpetr@acme.test" },
          { name: "Subject", value: "Plan" },
          { name: "Message-ID", value: "<m9@mail.example.com>" },
        ],
      }),
    );
    const result = await w.call("gmail_reply_to_message", { messageId: "m9", text: "OK", replyAll: true });
    expect(result.isError, textOf(result)).toBeFalsy();
    const send = w.gmail.requests.at(-1) as RecordedRequest;
    expect(headerLines(rawOf(send)).slice(0, 2)).toEqual([
      'To: "Novak, Ana" <ana@example.com>',
      'Cc: "Lee, Bob" <bob@example.com>, xpetr@acme.test',
    ]);
  });

  it("create_draft then send_draft", async () => {
    const draft = await w.call("gmail_create_draft", {
      to: ["ana@example.com"],
      subject: "Offer",
      text: "Draft text",
      html: "<p>Draft text</p>",
    });
    const create = only();
    expect([create.method, create.path]).toEqual(["POST", `${BASE}/drafts`]);
    const payload = JSON.parse(create.body);
    expect(Object.keys(payload)).toEqual(["message"]);
    expect(Object.keys(payload.message)).toEqual(["raw"]);
    const raw = rawOf(create, (body) => (body.message as { raw: string }).raw);
    expect(raw).toMatch(
      /^To: ana@example\.com\r\nSubject: Offer\r\nMIME-Version: 1\.0\r\nContent-Type: multipart\/alternative; boundary="/,
    );
    expect(raw).toContain(
      `Content-Type: text/html; charset="UTF-8"\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from("<p>Draft text</p>").toString("base64")}`,
    );
    const id = (draft.structuredContent as { id: string }).id;

    w.gmail.requests.length = 0;
    const sent = await w.call("gmail_send_draft", { body: { id } });
    const request = only();
    expect([request.method, request.path]).toEqual(["POST", `${BASE}/drafts/send`]);
    expect(JSON.parse(request.body)).toEqual({ id });
    expect(sent.structuredContent).toMatchObject({ labelIds: ["SENT"] });
  });

  it("a Google error is one clear sentence", async () => {
    const result = await w.call("gmail_send_draft", { body: { id: "r-unknown" } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("Google answered HTTP 404: Requested entity was not found.");
  });

  it("refuses a header with a line break before sending anything", async () => {
    const result = await w.call("gmail_send_message", {
      to: ["ana@example.com"],
      subject: "Hi\r\nBcc: x@evil.test",
      text: "x",
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Invalid arguments for send_message/);
    expect(w.gmail.requests).toHaveLength(0);
  });
});

describe("Google tokens", () => {
  it("refreshes an expired token before calling", async () => {
    const before = w.oauth.refreshRequests.length;
    const old = w.currentToken();
    await w.expireStoredToken();
    const result = await w.call("gmail_list_labels", {});
    expect(result.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(1);
    expect(w.currentToken()).not.toBe(old);
    expect(only().headers.authorization).toBe(`Bearer ${w.currentToken()}`);
  });

  it("refreshes once after a 401 and sends the request again", async () => {
    const before = w.oauth.refreshRequests.length;
    const old = w.currentToken();
    w.refuseCurrentToken();
    const result = await w.call("gmail_get_message", { id: "m2" });
    expect(result.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(1);
    expect(w.gmail.requests.map((request) => [request.path, request.headers.authorization])).toEqual([
      [`${BASE}/messages/m2`, `Bearer ${old}`],
      [`${BASE}/messages/m2`, `Bearer ${w.currentToken()}`],
    ]);
  });
});
