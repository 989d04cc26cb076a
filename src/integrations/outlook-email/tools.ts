// Outlook email's tools as code: lists follow Graph's @odata.nextLink, reading asks Graph for the body
// as text (Prefer: outlook.body-content-type) and lists the attachments, sending builds Graph's message
// from plain fields. Requests as documented under https://learn.microsoft.com/graph/api/resources/message
import { z } from "zod";
import {
  DRAFT_WITHOUT_RECIPIENTS,
  draftRecipients,
  plainTextBody,
  sendRecipients,
  subjectLine,
} from "../_email/fields.ts";
import { defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { additive, readOnly } from "../_kit/tool-annotations.ts";
import { addresses, enc, graphId, graphPageResult, nextLinkArg, recipients } from "../_microsoft/graph.ts";
import { type GraphMessage, MESSAGE_FIELDS, readMessage, SUMMARY_FIELDS, summary } from "./read-message.ts";

const messageId = graphId("The message id (from list_messages).");
const subject = subjectLine.describe("Subject line.");
const html = z
  .string()
  .max(500_000)
  .optional()
  .describe("The body as HTML instead of text (then `text` may be empty).");
const top = z.number().int().min(1).max(1000).optional();

/** Graph's itemBody: HTML when given, else text. */
const itemBody = (args: { text: string; html?: string }) =>
  args.html ? { contentType: "HTML", content: args.html } : { contentType: "Text", content: args.text };

/** $search wants the whole KQL text in double quotes, inner quotes escaped. */
const searchText = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

export const listMessages = defineCodeTool({
  name: "list_messages",
  title: "List or search messages",
  description:
    'Use to find emails: the newest first in the whole mailbox or one folder, or those matching a search (KQL words and properties such as from:, subject:, hasAttachments:true) or an OData filter (e.g. isRead eq false). Returns { value: [message: id, subject, from, toRecipients, receivedDateTime, isRead, hasAttachments, bodyPreview, conversationId], nextLink when there are more }; call get_message for the full text. Example: {"search": "from:ana@example.com invoice", "top": 20}. When the answer has nextLink, call again with {"nextLink": …}.',
  input: z.strictObject({
    folderId: graphId(
      'A folder id from list_folders or a well-known name: "inbox", "sentitems", "drafts", "archive", "deleteditems", "junkemail". Default: all folders.',
    ).optional(),
    search: z
      .string()
      .min(1)
      .max(1000)
      .optional()
      .describe(
        'Search words (KQL), e.g. "budget", "from:ana@example.com", "subject:offer hasAttachments:true". Results come newest sent first, 1,000 at most; cannot be combined with filter.',
      ),
    filter: z
      .string()
      .min(1)
      .max(2000)
      .optional()
      .describe(
        "An OData filter, e.g. \"isRead eq false\" or \"receivedDateTime ge 2026-03-01T00:00:00Z\"; strings go in single quotes, a quote inside one doubled ('O''Brien'). Cannot be combined with search.",
      ),
    top: top.describe("Messages per page (1 to 1000; Graph's default is 10)."),
    nextLink: nextLinkArg,
  }),
  annotations: readOnly,
  async run({ folderId, search, filter, top, nextLink }, context) {
    if (search && filter && !nextLink) {
      return {
        isError: true,
        content: [
          { type: "text", text: "Give either search or filter, not both: Graph cannot combine them." },
        ],
      };
    }
    return graphPageResult<GraphMessage>(
      context,
      {
        method: "GET",
        path: folderId ? `/me/mailFolders/${enc(folderId)}/messages` : "/me/messages",
        query: {
          $select: SUMMARY_FIELDS,
          $top: top,
          $search: search ? searchText(search) : undefined,
          $filter: filter,
          // $search takes no $orderby (its results come by sent date) and a filter decides its own
          // order; only a plain list is sorted.
          $orderby: search || filter ? undefined : "receivedDateTime desc",
        },
      },
      nextLink,
      summary,
    );
  },
});

export const getMessage = defineCodeTool({
  name: "get_message",
  title: "Read a message",
  description:
    'Use to read one email: returns its sender, recipients, subject, dates, the body as plain text (cut after 50,000 characters), the main internet headers (Message-ID, In-Reply-To, References…) and its attachments (id, name, contentType, size). Example: {"id": "AAMkAGI2TAAA="}.',
  input: z.strictObject({ id: messageId }),
  annotations: readOnly,
  async run({ id }, context) {
    const message = await context.request<GraphMessage>({
      method: "GET",
      path: `/me/messages/${enc(id)}`,
      query: { $select: MESSAGE_FIELDS },
      headers: { prefer: 'outlook.body-content-type="text"' },
    });
    const attachments = message.hasAttachments
      ? await context.request<{ value?: Record<string, unknown>[] }>({
          method: "GET",
          path: `/me/messages/${enc(id)}/attachments`,
          query: { $select: "id,name,contentType,size,isInline" },
        })
      : { value: [] };
    return jsonResult(readMessage(message, attachments.value ?? []));
  },
});

export const sendMessage = defineCodeTool({
  name: "send_message",
  title: "Send an email",
  description:
    'Use to send a new email now from the connected mailbox (to answer an email use reply_to_message; to let a person check it first use create_draft). A copy is kept in Sent Items. Returns { sent: true } once Microsoft accepted it. Example: {"to": ["ana@example.com"], "subject": "Tuesday", "text": "Hi Ana,\\n\\nTuesday at 10 works for me.\\n\\nPetr"}.',
  input: z.strictObject({
    ...sendRecipients(addresses),
    subject,
    text: plainTextBody,
    html,
    saveToSentItems: z.boolean().optional().describe("Keep a copy in Sent Items (default true)."),
  }),
  annotations: additive,
  async run(args, context) {
    await context.request({
      method: "POST",
      path: "/me/sendMail",
      body: {
        message: {
          subject: args.subject,
          body: itemBody(args),
          toRecipients: recipients(args.to),
          ...(args.cc?.length ? { ccRecipients: recipients(args.cc) } : {}),
          ...(args.bcc?.length ? { bccRecipients: recipients(args.bcc) } : {}),
        },
        ...(args.saveToSentItems === false ? { saveToSentItems: false } : {}),
      },
    });
    return jsonResult({ sent: true, to: args.to, subject: args.subject });
  },
});

export const replyToMessage = defineCodeTool({
  name: "reply_to_message",
  title: "Reply to a message",
  description:
    'Use to answer an email in its conversation: Outlook sends the reply to the sender (or with replyAll to everyone on it), with "RE:" subject, threading and the original quoted below your text. Returns { sent: true }. Example: {"id": "AAMkAGI2TAAA=", "text": "Thanks, received."}.',
  input: z.strictObject({
    id: graphId("The id of the message being answered (from list_messages)."),
    text: z
      .string()
      .min(1)
      .max(500_000)
      .describe("Your reply as plain text; it goes above the quoted original."),
    replyAll: z.boolean().default(false).describe("Reply to the sender and all recipients (default false)."),
  }),
  annotations: additive,
  async run({ id, text, replyAll }, context) {
    await context.request({
      method: "POST",
      path: `/me/messages/${enc(id)}/${replyAll ? "replyAll" : "reply"}`,
      body: { comment: text },
    });
    return jsonResult({ sent: true, inReplyTo: id, replyAll });
  },
});

export const createDraft = defineCodeTool({
  name: "create_draft",
  title: "Create a draft",
  description:
    'Use to prepare an email for a person to review in Drafts, or to send later with send_draft. Give to/subject/text for a new email, or replyToMessageId (with text) to draft a reply in that conversation, addressed and titled by Outlook. Returns the draft: { id, subject, toRecipients, webLink }. Example: {"to": ["ana@example.com"], "subject": "Offer", "text": "Hi Ana, …"}.',
  input: z.strictObject({
    ...draftRecipients(addresses),
    subject: subject.optional(),
    text: plainTextBody,
    html,
    replyToMessageId: graphId(
      "Draft a reply to this message (from list_messages), in its conversation.",
    ).optional(),
  }),
  annotations: additive,
  async run(args, context) {
    let draft: GraphMessage;
    if (args.replyToMessageId) {
      draft = await context.request<GraphMessage>({
        method: "POST",
        path: `/me/messages/${enc(args.replyToMessageId)}/createReply`,
        body: { comment: args.text },
      });
    } else {
      if (!args.to?.length) {
        return {
          isError: true,
          content: [{ type: "text", text: DRAFT_WITHOUT_RECIPIENTS }],
        };
      }
      draft = await context.request<GraphMessage>({
        method: "POST",
        path: "/me/messages",
        body: {
          subject: args.subject ?? "",
          body: itemBody(args),
          toRecipients: recipients(args.to),
          ...(args.cc?.length ? { ccRecipients: recipients(args.cc) } : {}),
          ...(args.bcc?.length ? { bccRecipients: recipients(args.bcc) } : {}),
        },
      });
    }
    return jsonResult({ ...summary(draft), webLink: draft.webLink });
  },
});

export const sendDraft = defineCodeTool({
  name: "send_draft",
  title: "Send a draft",
  description:
    'Use to send a draft created earlier (create_draft answers with its id), as it was saved, to its recipients; it moves to Sent Items. Returns { sent: true }. Example: {"id": "AAMkAGI2TAAB="}.',
  input: z.strictObject({ id: graphId("The draft's id (from create_draft or list_messages in drafts).") }),
  annotations: additive,
  async run({ id }, context) {
    await context.request({ method: "POST", path: `/me/messages/${enc(id)}/send` });
    return jsonResult({ sent: true, id });
  },
});

export const moveMessage = defineCodeTool({
  name: "move_message",
  title: "Move a message to a folder",
  description:
    'Use to file, archive or bin an email: moves it to another folder (a folder id from list_folders, or "inbox", "archive", "deleteditems", "junkemail"). The message gets a new id in its new folder; the answer gives it: { id, subject, parentFolderId }. Example: {"id": "AAMkAGI2TAAA=", "destinationId": "archive"}.',
  input: z.strictObject({
    id: messageId,
    destinationId: graphId(
      'The folder to move to: an id from list_folders or "inbox", "archive", "deleteditems", "junkemail", "drafts".',
    ),
  }),
  annotations: additive,
  async run({ id, destinationId }, context) {
    const moved = await context.request<GraphMessage>({
      method: "POST",
      path: `/me/messages/${enc(id)}/move`,
      body: { destinationId },
    });
    return jsonResult({ id: moved.id, subject: moved.subject, parentFolderId: moved.parentFolderId });
  },
});

export const listFolders = defineCodeTool({
  name: "list_folders",
  title: "List mail folders",
  description:
    'Use to learn the mailbox\'s folders and their ids (to list messages of one folder or move a message there). Returns { value: [folder: id, displayName, parentFolderId, childFolderCount, unreadItemCount, totalItemCount], nextLink when there are more }. Example: {} for the top-level folders, {"parentFolderId": "inbox"} for the folders inside Inbox.',
  input: z.strictObject({
    parentFolderId: graphId(
      'List the folders inside this one (an id or "inbox"); default: the top level.',
    ).optional(),
    includeHidden: z.boolean().optional().describe("Also list hidden folders (top level only)."),
    top: top.describe("Folders per page (1 to 1000; Graph's default is 10)."),
    nextLink: nextLinkArg,
  }),
  annotations: readOnly,
  async run({ parentFolderId, includeHidden, top, nextLink }, context) {
    return graphPageResult(
      context,
      {
        method: "GET",
        path: parentFolderId ? `/me/mailFolders/${enc(parentFolderId)}/childFolders` : "/me/mailFolders",
        query: {
          $top: top,
          ...(includeHidden && !parentFolderId ? { includeHiddenFolders: "true" } : {}),
        },
      },
      nextLink,
    );
  },
});

export const outlookEmailCodeTools = [
  listMessages,
  getMessage,
  sendMessage,
  replyToMessage,
  createDraft,
  sendDraft,
  moveMessage,
  listFolders,
];
