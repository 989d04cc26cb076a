// RFC 2822 messages from fields, as Gmail's messages.send and drafts.create take them (`raw`, base64url):
// the tool builds and encodes the message, so a model only ever writes plain fields.
// https://developers.google.com/workspace/gmail/api/guides/sending
export interface OutgoingMessage {
  to: readonly string[];
  cc?: readonly string[];
  bcc?: readonly string[];
  subject: string;
  /** Plain-text body. */
  text: string;
  /** Optional HTML alternative of the same content. */
  html?: string;
  /** RFC 2822 Message-ID of the message replied to (In-Reply-To), and the References chain. */
  inReplyTo?: string;
  references?: string;
}

/** RFC 2047 encoded-word for non-ASCII header text (a subject with "é" or an emoji). */
function encodeHeaderText(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  return `=?UTF-8?B?${Buffer.from(value, "utf8").toString("base64")}?=`;
}

/**
 * An address for a To/Cc/Bcc header: a display name with non-ASCII characters becomes an RFC 2047
 * encoded-word ("Anička <a@example.com>" → "=?UTF-8?B?…?= <a@example.com>"), as header text must be
 * ASCII (RFC 5322); the address itself is left as given.
 */
function encodeAddress(value: string): string {
  const named = /^\s*"?(.*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (!named || /^[\x20-\x7e]*$/.test(named[1] ?? "")) return value;
  return `${encodeHeaderText(named[1] ?? "")} <${named[2]}>`;
}
const addressList = (list: readonly string[]) => list.map(encodeAddress).join(", ");

/** Base64 wrapped at 76 characters, as MIME bodies are written (RFC 2045). */
const base64Lines = (text: string) =>
  (
    Buffer.from(text, "utf8")
      .toString("base64")
      .match(/.{1,76}/g) ?? [""]
  ).join("\r\n");

function part(type: "plain" | "html", content: string): string[] {
  return [
    `Content-Type: text/${type}; charset="UTF-8"`,
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(content),
  ];
}

export function buildMessage(message: OutgoingMessage, boundary = `portico-${crypto.randomUUID()}`): string {
  const headers = [
    `To: ${addressList(message.to)}`,
    ...(message.cc?.length ? [`Cc: ${addressList(message.cc)}`] : []),
    // Gmail reads Bcc from the message it is given and leaves it out of what recipients get.
    ...(message.bcc?.length ? [`Bcc: ${addressList(message.bcc)}`] : []),
    `Subject: ${encodeHeaderText(message.subject)}`,
    ...(message.inReplyTo ? [`In-Reply-To: ${message.inReplyTo}`] : []),
    ...(message.references ? [`References: ${message.references}`] : []),
    "MIME-Version: 1.0",
  ];
  const body =
    message.html === undefined
      ? part("plain", message.text)
      : [
          `Content-Type: multipart/alternative; boundary="${boundary}"`,
          "",
          `--${boundary}`,
          ...part("plain", message.text),
          `--${boundary}`,
          ...part("html", message.html),
          `--${boundary}--`,
        ];
  return [...headers, ...body].join("\r\n");
}

export const toBase64Url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
