// What an audit event's `details` may hold: a few plain facts (a role, a plan, a provider, a key's
// masked form). Anything named like a secret is dropped, and values are primitives cut short, so a call
// site that passes too much cannot put a token, password or key into a log every admin can read.
export type AuditDetailValue = string | number | boolean | null;
export type AuditDetails = Record<string, AuditDetailValue>;

const SECRET_NAME =
  /secret|token|password|passwd|api_?key|private|credential_?value|authorization|cookie|hash/i;
const MAX_KEYS = 20;
const MAX_STRING = 200;

export function safeAuditDetails(details: Record<string, unknown> | undefined): AuditDetails {
  const safe: AuditDetails = {};
  for (const [key, value] of Object.entries(details ?? {}).slice(0, MAX_KEYS)) {
    if (SECRET_NAME.test(key)) continue;
    if (value === null || typeof value === "number" || typeof value === "boolean") safe[key] = value;
    else if (typeof value === "string") safe[key] = value.slice(0, MAX_STRING);
    else if (value instanceof Date) safe[key] = value.toISOString();
    // Objects and arrays are left out: they are where whole payloads (and their secrets) would hide.
  }
  return safe;
}
