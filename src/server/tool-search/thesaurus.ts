// The domain thesaurus of tool search: the everyday words people use for the things business software
// keeps (mail, calendars, files, wikis, trackers, CRMs, HR, surveys) and the words tool definitions use
// for them. It is vocabulary of the kinds of systems Portico connects, not a list of tools or of
// benchmark queries: a word belongs here when a person would say it for the same thing in any product.
// Query expansion (search-terms.ts) adds these words to a query at a lower weight than the person's own.

/**
 * Groups of words that mean the same thing here, as equals: every word in a group finds whatever the
 * other words find.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["email", "mail", "message", "inbox", "mailbox"],
  // Kinds of mail people name instead of "email".
  ["email", "newsletter", "receipt", "spam"],
  ["meeting", "event", "appointment", "invitation", "agenda"],
  // Kinds of meeting people name instead of "meeting".
  ["event", "sync", "standup", "kickoff", "retro", "workshop", "offsite", "lunch"],
  ["calendar", "schedule", "agenda"],
  ["reschedule", "postpone", "move", "update"],
  ["free", "busy", "available", "availability", "slot"],
  ["attendee", "guest", "invitee", "participant", "organizer"],
  ["accept", "decline", "rsvp", "response", "answer"],
  ["ticket", "issue", "bug"],
  // "statuses" is listed too: Porter stems it to "status", the singular to "statu".
  ["status", "statuses", "transition"],
  ["comment", "note"],
  ["wiki", "page", "confluence", "space"],
  ["document", "doc", "file"],
  ["folder", "directory"],
  ["label", "tag", "category"],
  ["spreadsheet", "sheet", "csv"],
  ["download", "export"],
  ["share", "access", "permission"],
  ["editor", "writer", "commenter", "reader", "viewer"],
  ["customer", "client", "account", "company"],
  ["supplier", "company"],
  ["person", "contact", "people"],
  ["lead", "prospect"],
  ["deal", "opportunity", "pipeline", "opp", "opps", "oppty"],
  ["stage", "phase", "lifecycle"],
  ["employee", "staff", "colleague", "worker", "hr"],
  ["survey", "questionnaire", "poll"],
  ["response", "answer", "respondent"],
  ["cancel", "delete", "remove"],
  ["add", "create", "new", "book", "log"],
  ["update", "change", "edit", "set", "modify", "rename", "retitle"],
  ["find", "search", "look", "lookup", "query"],
  ["reply", "respond", "answer"],
  ["draft", "prepare", "compose"],
  ["time", "clock", "date", "today", "now"],
  ["convert", "timezone", "zone"],
  ["day", "week", "month", "duration", "until"],
  ["compute", "calculate", "percentage", "total", "sum", "arithmetic"],
  ["website", "web", "link", "url", "article", "page"],
  ["read", "fetch"],
  ["associate", "link", "relate", "connect"],
  ["activity", "call", "task", "reminder", "follow"],
];

/**
 * Phrases whose meaning is not in their words one by one, and the words they mean. Matched on the
 * query's lower-cased words in order, before stop words go ("write to me" is mail, "write" alone is not).
 */
export const PHRASES: readonly { phrase: string; means: readonly string[] }[] = [
  { phrase: "write to", means: ["email"] },
  { phrase: "wrote to", means: ["email"] },
  { phrase: "write back", means: ["reply"] },
  { phrase: "get back to", means: ["reply"] },
  { phrase: "works at", means: ["employee"] },
  { phrase: "work at", means: ["employee"] },
  { phrase: "works for", means: ["employee"] },
  { phrase: "work for", means: ["employee"] },
  { phrase: "one on one", means: ["meeting"] },
  // Asking where something is asks to find it.
  { phrase: "where is", means: ["search", "find"] },
  { phrase: "where s", means: ["search", "find"] },
  { phrase: "where are", means: ["search", "find"] },
];
