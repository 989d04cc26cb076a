// Gmail's Message resource (format=full) → what a model reads: the main headers, the decoded text and
// HTML bodies, and the attachments by name with the ids get_attachment takes.
// https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages#Message
export interface MessagePart {
  partId?: string;
  mimeType?: string;
  filename?: string;
  headers?: { name: string; value: string }[];
  body?: { attachmentId?: string; size?: number; data?: string };
  parts?: MessagePart[];
}

export interface GmailMessage {
  id: string;
  threadId?: string;
  labelIds?: string[];
  snippet?: string;
  internalDate?: string;
  payload?: MessagePart;
}

/** Each body is cut here so one long newsletter cannot fill the model's context. */
export const MAX_BODY_CHARS = 50_000;

const SHOWN_HEADERS = ["From", "To", "Cc", "Bcc", "Reply-To", "Subject", "Date", "Message-ID"];

const decode = (data: string | undefined) => (data ? Buffer.from(data, "base64url").toString("utf8") : "");

const cut = (text: string) =>
  text.length > MAX_BODY_CHARS
    ? `${text.slice(0, MAX_BODY_CHARS)}\n[Cut: the body has ${text.length} characters.]`
    : text;

export function headerOf(part: MessagePart | undefined, name: string): string | undefined {
  const lower = name.toLowerCase();
  return part?.headers?.find((header) => header.name.toLowerCase() === lower)?.value;
}

/**
 * An address-list header (To, Cc) as its addresses: commas inside a quoted display name or an
 * <address> do not separate (RFC 5322 §3.4), so "Novak, Ana" <ana@example.com> stays one.
 */
export function splitAddressList(value: string): string[] {
  const items: string[] = [];
  let current = "";
  let quoted = false;
  let angle = false;
  for (let index = 0; index < value.length; index++) {
    const char = value[index] as string;
    if (char === "\\" && quoted) {
      current += char + (value[++index] ?? "");
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === "<") angle = true;
    else if (!quoted && char === ">") angle = false;
    if (char === "," && !quoted && !angle) {
      items.push(current);
      current = "";
    } else current += char;
  }
  items.push(current);
  return items.map((item) => item.trim()).filter(Boolean);
}

/** The bare address of "Ana <ana@example.com>" or "ana@example.com", lower case. */
export const addressOf = (item: string) => (/<([^>]*)>\s*$/.exec(item)?.[1] ?? item).trim().toLowerCase();

export function readMessage(message: GmailMessage) {
  const texts: string[] = [];
  const htmls: string[] = [];
  const attachments: { filename: string; mimeType: string; size: number; attachmentId: string }[] = [];
  const visit = (part: MessagePart) => {
    const type = (part.mimeType ?? "").toLowerCase();
    if (part.filename && part.body?.attachmentId) {
      attachments.push({
        filename: part.filename,
        mimeType: part.mimeType ?? "application/octet-stream",
        size: part.body.size ?? 0,
        attachmentId: part.body.attachmentId,
      });
    } else if (type === "text/plain" && part.body?.data) texts.push(decode(part.body.data));
    else if (type === "text/html" && part.body?.data) htmls.push(decode(part.body.data));
    for (const child of part.parts ?? []) visit(child);
  };
  if (message.payload) visit(message.payload);
  const headers: Record<string, string> = {};
  for (const name of SHOWN_HEADERS) {
    const value = headerOf(message.payload, name);
    if (value !== undefined) headers[name] = value;
  }
  return {
    id: message.id,
    threadId: message.threadId,
    labelIds: message.labelIds ?? [],
    snippet: message.snippet ?? "",
    receivedAt: message.internalDate ? new Date(Number(message.internalDate)).toISOString() : undefined,
    headers,
    text: cut(texts.join("\n")),
    ...(htmls.length > 0 ? { html: cut(htmls.join("\n")) } : {}),
    attachments,
  };
}
