// Graph's message resource → what a model reads: people as "Name <address>", the text body, the
// threading headers and the attachments by name.
// https://learn.microsoft.com/graph/api/resources/message
import { recipientText } from "../_microsoft/graph.ts";

export interface GraphMessage {
  id: string;
  subject?: string;
  from?: unknown;
  toRecipients?: unknown[];
  ccRecipients?: unknown[];
  bccRecipients?: unknown[];
  replyTo?: unknown[];
  receivedDateTime?: string;
  sentDateTime?: string;
  isRead?: boolean;
  isDraft?: boolean;
  hasAttachments?: boolean;
  bodyPreview?: string;
  conversationId?: string;
  parentFolderId?: string;
  internetMessageId?: string;
  webLink?: string;
  body?: { contentType?: string; content?: string };
  internetMessageHeaders?: { name: string; value: string }[];
}

export const SUMMARY_FIELDS =
  "id,subject,from,toRecipients,receivedDateTime,isRead,hasAttachments,bodyPreview,conversationId,parentFolderId";
export const MESSAGE_FIELDS =
  "id,subject,from,toRecipients,ccRecipients,bccRecipients,replyTo,receivedDateTime,sentDateTime,isRead,isDraft,hasAttachments,conversationId,parentFolderId,internetMessageId,webLink,body,internetMessageHeaders";

/** Each body is cut here so one long newsletter cannot fill the model's context. */
export const MAX_BODY_CHARS = 50_000;

const SHOWN_HEADERS = ["message-id", "in-reply-to", "references", "date", "reply-to", "list-unsubscribe"];

const people = (list: unknown[] | undefined) => (list ?? []).map(recipientText).filter(Boolean);

export function summary(message: GraphMessage) {
  return {
    id: message.id,
    subject: message.subject ?? "",
    from: recipientText(message.from),
    toRecipients: people(message.toRecipients),
    receivedDateTime: message.receivedDateTime,
    isRead: message.isRead,
    hasAttachments: message.hasAttachments,
    bodyPreview: message.bodyPreview,
    conversationId: message.conversationId,
    parentFolderId: message.parentFolderId,
  };
}

export function readMessage(message: GraphMessage, attachments: Record<string, unknown>[]) {
  const content = message.body?.content ?? "";
  const headers: Record<string, string> = {};
  for (const header of message.internetMessageHeaders ?? []) {
    if (SHOWN_HEADERS.includes(header.name.toLowerCase())) headers[header.name] = header.value;
  }
  return {
    id: message.id,
    subject: message.subject ?? "",
    from: recipientText(message.from),
    toRecipients: people(message.toRecipients),
    ccRecipients: people(message.ccRecipients),
    bccRecipients: people(message.bccRecipients),
    replyTo: people(message.replyTo),
    receivedDateTime: message.receivedDateTime,
    sentDateTime: message.sentDateTime,
    isRead: message.isRead,
    isDraft: message.isDraft,
    conversationId: message.conversationId,
    parentFolderId: message.parentFolderId,
    internetMessageId: message.internetMessageId,
    webLink: message.webLink,
    headers,
    bodyType: message.body?.contentType,
    text:
      content.length > MAX_BODY_CHARS
        ? `${content.slice(0, MAX_BODY_CHARS)}\n[Cut: the body has ${content.length} characters.]`
        : content,
    attachments: attachments.map(({ id, name, contentType, size, isInline }) => ({
      id,
      name,
      contentType,
      size,
      isInline,
    })),
  };
}
