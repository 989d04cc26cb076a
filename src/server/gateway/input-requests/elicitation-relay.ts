// Carries elicitation answers and declared capabilities between Portico's processes (legacy-elicitation.ts)
// on one PostgreSQL notification channel, the same LISTEN connection as the gateway's cache
// invalidation (db/pg-listener.ts). Only on PostgreSQL: the embedded database is one process, where
// everything stays in memory as before.
//
// A notification sent while this process's LISTEN connection was down is lost: an answer lost so leaves
// its call waiting until ELICITATION_WAIT_MS, then the question comes as text; a capability lost so
// only means no elicitation for that caller here until its next initialize.
import type { DatabaseHandle } from "../../db/client.ts";
import type { LegacyElicitation, RelayMessage } from "./legacy-elicitation.ts";

const CHANNEL = "portico_elicitation";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A payload as published, or null for anything else (another version's or a stray notification). */
export function parseRelayMessage(payload: string): RelayMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!isObject(value) || typeof value.key !== "string") return null;
  if (value.kind === "capability" && typeof value.form === "boolean") {
    return { kind: "capability", key: value.key, form: value.form };
  }
  if (value.kind === "answer" && typeof value.id === "string") {
    const content = isObject(value.content) ? value.content : undefined;
    return { kind: "answer", id: value.id, key: value.key, content };
  }
  return null;
}

export async function relayElicitation(database: DatabaseHandle, elicitation: LegacyElicitation) {
  if (database.kind !== "postgres") return;
  await database.listen(CHANNEL, (payload) => {
    const message = parseRelayMessage(payload);
    if (message) elicitation.receive(message);
  });
  // The payload stays under PostgreSQL's 8,000 bytes: MAX_ANSWER_BYTES of content, an id and a caller.
  elicitation.relayThrough((message) => database.notify(CHANNEL, JSON.stringify(message)));
}
