// Gmail's tools written as code (_kit/code-tools.ts): reading decodes
// bodies and attachments, sending builds the RFC 2822 message from fields, so a model never handles
// base64. Requests as documented at https://developers.google.com/workspace/gmail/api/reference/rest
import { z } from "zod";
import {
  DRAFT_WITHOUT_RECIPIENTS,
  draftRecipients,
  emailAddress,
  plainTextBody,
  sendRecipients,
  subjectLine,
} from "../_email/fields.ts";
import { type CodeToolContext, defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { additive, readOnly } from "../_kit/tool-annotations.ts";
import { buildMessage, type OutgoingMessage, toBase64Url } from "./mime.ts";
import { addressOf, type GmailMessage, headerOf, readMessage, splitAddressList } from "./read-message.ts";

const id = (what: string) => z.string().min(1).max(200).describe(what);
const messageId = id("The message id (from search_messages, list_threads' get_thread or get_message).");

const addresses = (what: string) => z.array(emailAddress).max(100).describe(what);
const subject = subjectLine.describe("Subject line (plain text; non-ASCII is encoded for you).");
const html = z.string().max(500_000).optional().describe("Optional HTML version of the same body.");

const enc = encodeURIComponent;

/** In-Reply-To, References, subject, thread and recipients of a reply to `id`, as RFC 2822 threading wants. */
async function replyTo(context: CodeToolContext, id: string, replyAll: boolean) {
  const original = await context.request<GmailMessage>({
    method: "GET",
    path: `/users/me/messages/${enc(id)}`,
    query: {
      format: "metadata",
      metadataHeaders: ["Subject", "From", "Reply-To", "To", "Cc", "Message-ID", "References"],
    },
  });
  const header = (name: string) => headerOf(original.payload, name);
  const originalSubject = header("Subject") ?? "";
  const to = [header("Reply-To") ?? header("From") ?? ""].filter(Boolean);
  let cc: string[] = [];
  if (replyAll) {
    const profile = await context.request<{ emailAddress?: string }>({
      method: "GET",
      path: "/users/me/profile",
    });
    const self = (profile.emailAddress ?? "").toLowerCase();
    const replyingTo = new Set(to.flatMap(splitAddressList).map(addressOf));
    cc = [header("To"), header("Cc")]
      .flatMap((list) => (list ? splitAddressList(list) : []))
      .filter((item) => {
        const address = addressOf(item);
        if (address === self || replyingTo.has(address)) return false;
        replyingTo.add(address); // each person once
        return true;
      });
  }
  const messageIdHeader = header("Message-ID");
  return {
    threadId: original.threadId,
    to,
    cc,
    subject: /^re:/i.test(originalSubject) ? originalSubject : `Re: ${originalSubject}`,
    inReplyTo: messageIdHeader,
    references: [header("References"), messageIdHeader].filter(Boolean).join(" ") || undefined,
  };
}

const raw = (message: OutgoingMessage) => toBase64Url(buildMessage(message));

export const getMessage = defineCodeTool({
  name: "get_message",
  title: "Read a message",
  description:
    'Use to read one email: returns its headers (From, To, Cc, Subject, Date, Message-ID), labelIds, the decoded plain-text body (and the HTML body when there is one) and its attachments (filename, mimeType, size, attachmentId for get_attachment). Bodies longer than 50,000 characters are cut. Example: {"id": "18c2f0a1b2c3d4e5"}.',
  input: z.strictObject({ id: messageId }),
  annotations: readOnly,
  async run({ id }, context) {
    const message = await context.request<GmailMessage>({
      method: "GET",
      path: `/users/me/messages/${enc(id)}`,
      query: { format: "full" },
    });
    return jsonResult(readMessage(message));
  },
});

export const getThread = defineCodeTool({
  name: "get_thread",
  title: "Read a conversation",
  description:
    'Use to read a whole conversation in order, oldest first: each message with its headers, decoded text (and HTML) body and attachments, as get_message gives them. Example: {"id": "18c2f0a1b2c3d4e5"} (a thread id from list_threads or a message\'s threadId).',
  input: z.strictObject({ id: id("The thread id (list_threads, or a message's threadId).") }),
  annotations: readOnly,
  async run({ id }, context) {
    const thread = await context.request<{ id: string; messages?: GmailMessage[] }>({
      method: "GET",
      path: `/users/me/threads/${enc(id)}`,
      query: { format: "full" },
    });
    return jsonResult({ id: thread.id, messages: (thread.messages ?? []).map(readMessage) });
  },
});

/** Attachments up to this size come back in full; larger ones as their size only. */
const MAX_ATTACHMENT_BYTES = 75 * 1024;

export const getAttachment = defineCodeTool({
  name: "get_attachment",
  title: "Read an attachment",
  description:
    'Use to read a message\'s attachment named by get_message: text files (txt, csv, json, ics, …) come back as `text`; other files up to 75 KB as standard base64 in `base64`; larger binary files as their size only. Example: {"messageId": "18c2f0a1b2c3d4e5", "attachmentId": "ANGjdJ8…"}.',
  input: z.strictObject({
    messageId,
    attachmentId: z.string().min(1).max(2000).describe("The attachment's attachmentId from get_message."),
  }),
  annotations: readOnly,
  async run({ messageId, attachmentId }, context) {
    const body = await context.request<{ size?: number; data?: string }>({
      method: "GET",
      path: `/users/me/messages/${enc(messageId)}/attachments/${enc(attachmentId)}`,
    });
    const bytes = Buffer.from(body.data ?? "", "base64url");
    const size = body.size ?? bytes.length;
    try {
      const decoded = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      if (!decoded.includes("\u0000")) return jsonResult({ size, text: decoded.slice(0, 100_000) });
    } catch {
      // Not text: fall through to base64.
    }
    if (bytes.length > MAX_ATTACHMENT_BYTES) {
      return jsonResult({ size, note: "A binary file larger than 75 KB: its content is not returned." });
    }
    return jsonResult({ size, base64: bytes.toString("base64") });
  },
});

export const sendMessage = defineCodeTool({
  name: "send_message",
  title: "Send an email",
  description:
    'Use to send a new email now (to reply in an existing conversation use reply_to_message, to let a person check it first use create_draft). The tool writes the message from the fields. Returns the sent message\'s id, threadId and labelIds. Example: {"to": ["ana@example.com"], "subject": "Tuesday", "text": "Hi Ana,\\n\\nTuesday at 10 works for me.\\n\\nPetr"}.',
  input: z.strictObject({
    ...sendRecipients(addresses),
    subject,
    text: plainTextBody,
    html,
  }),
  annotations: additive,
  async run(args, context) {
    const sent = await context.request<Record<string, unknown>>({
      method: "POST",
      path: "/users/me/messages/send",
      body: { raw: raw(args) },
    });
    return jsonResult(sent);
  },
});

export const replyToMessage = defineCodeTool({
  name: "reply_to_message",
  title: "Reply in a conversation",
  description:
    'Use to answer an email in its conversation: the reply goes to the sender (Reply-To, else From), or also to everyone in To and Cc with replyAll, with "Re:" subject and threading headers set from the original. Returns the sent message\'s id, threadId and labelIds. Example: {"messageId": "18c2f0a1b2c3d4e5", "text": "Thanks, received."}.',
  input: z.strictObject({
    messageId: id("The id of the message being answered."),
    text: plainTextBody,
    html,
    replyAll: z
      .boolean()
      .default(false)
      .describe("Also reply to the original To and Cc recipients (default false)."),
    cc: addresses("Additional copy recipients.").optional(),
    bcc: addresses("Blind-copy recipients.").optional(),
  }),
  annotations: additive,
  async run(args, context) {
    const reply = await replyTo(context, args.messageId, args.replyAll);
    const sent = await context.request<Record<string, unknown>>({
      method: "POST",
      path: "/users/me/messages/send",
      body: {
        raw: raw({
          ...reply,
          cc: [...reply.cc, ...(args.cc ?? [])],
          bcc: args.bcc,
          text: args.text,
          html: args.html,
        }),
        threadId: reply.threadId,
      },
    });
    return jsonResult(sent);
  },
});

export const createDraft = defineCodeTool({
  name: "create_draft",
  title: "Create a draft",
  description:
    'Use to prepare an email for a person to review, or to send later with send_draft. Give to/subject/text for a new email, or replyToMessageId to draft a reply in that conversation (recipients and subject then come from the original unless given). Returns the draft\'s id and its message id. Example: {"to": ["ana@example.com"], "subject": "Offer", "text": "Hi Ana, …"}.',
  input: z.strictObject({
    ...draftRecipients(addresses),
    subject: subject.optional(),
    text: plainTextBody,
    html,
    replyToMessageId: id("Draft a reply to this message, in its conversation.").optional(),
  }),
  annotations: additive,
  async run(args, context) {
    const reply = args.replyToMessageId ? await replyTo(context, args.replyToMessageId, false) : undefined;
    const to = args.to ?? reply?.to ?? [];
    if (to.length === 0) {
      return {
        isError: true,
        content: [{ type: "text", text: DRAFT_WITHOUT_RECIPIENTS }],
      };
    }
    const message = {
      raw: raw({
        to,
        cc: args.cc,
        bcc: args.bcc,
        subject: args.subject ?? reply?.subject ?? "",
        text: args.text,
        html: args.html,
        inReplyTo: reply?.inReplyTo,
        references: reply?.references,
      }),
      ...(reply?.threadId ? { threadId: reply.threadId } : {}),
    };
    const draft = await context.request<Record<string, unknown>>({
      method: "POST",
      path: "/users/me/drafts",
      body: { message },
    });
    return jsonResult(draft);
  },
});

export const gmailCodeTools = [
  getMessage,
  getThread,
  getAttachment,
  sendMessage,
  replyToMessage,
  createDraft,
];
