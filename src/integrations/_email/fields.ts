// Arguments every email tool takes alike, whichever provider sends the mail (Gmail builds an RFC 2822
// message, Graph a message resource): an address as a person writes it, the recipients of a new email
// or a draft, a subject line and the plain-text body. Header values stay on one line: a line break
// would let a value add headers of its own.
import { z } from "zod";

export const ONE_LINE = /^[^\r\n]*$/;

/** "ana@example.com" or "Ana Novak <ana@example.com>"; 320 is the longest address RFC 5321 allows. */
export const emailAddress = z
  .string()
  .min(3)
  .max(320)
  .regex(ONE_LINE, "one line")
  .refine((value) => value.includes("@"), "an email address")
  .describe('An address, e.g. "ana@example.com" or "Ana Novak <ana@example.com>".');

/** A subject within RFC 5322's 998-character line; each tool describes it its own way. */
export const subjectLine = z.string().max(998).regex(ONE_LINE, "one line");

/** A provider's list of addresses, described; each provider sets its own limit (Gmail 100, Graph 500). */
type AddressList = (what: string) => z.ZodArray<typeof emailAddress>;

/** The recipients of an email sent now: at least one in To. */
export const sendRecipients = (addresses: AddressList) => ({
  to: addresses("Recipients; at least one.").min(1),
  cc: addresses("Copy recipients.").optional(),
  bcc: addresses("Blind-copy recipients (not shown to the others).").optional(),
});

/** The recipients of a draft: To may be left out when the draft replies, as the original gives it. */
export const draftRecipients = (addresses: AddressList) => ({
  to: addresses("Recipients (required unless replyToMessageId is given).").optional(),
  cc: addresses("Copy recipients.").optional(),
  bcc: addresses("Blind-copy recipients.").optional(),
});

/** What create_draft answers when a new draft has no To (and replies to no message that would give one). */
export const DRAFT_WITHOUT_RECIPIENTS = "Give `to` (or replyToMessageId) for the draft.";

/** The body as the person wrote it; 500,000 characters is far above any email a tool should write. */
export const plainTextBody = z.string().max(500_000).describe("The body as plain text.");
