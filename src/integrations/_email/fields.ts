// Arguments every email tool takes alike, whichever provider sends the mail (Gmail builds an RFC 2822
// message, Graph a message resource): an address as a person writes it, and a subject line. Header
// values stay on one line: a line break would let a value add headers of its own.
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
