// Arguments the call log keeps are read by every viewer of the project, for months: a field whose name
// says it holds a credential (a password, an API key, an access token) is stored as "[redacted]".
// Every tool call passes here, so the common case (a few plain fields) costs only a look at the names:
// a regular expression over the JSON text cost as much again as JSON.stringify itself.

const SECRET_KEY =
  /(?:password|passwd|passphrase|secret|api[_-]?key|access[_-]?token|refresh[_-]?token|auth[_-]?token|id[_-]?token|session[_-]?token|bearer[_-]?token|authorization|private[_-]?key|^token)$/i;
/** Field names looked at before giving up and redacting by the slower replacer pass. */
const NAME_BUDGET = 64;

export const REDACTED = "[redacted]";

/** Whether a field of this name holds a credential ("pageToken" and "max_tokens" do not). */
export function isSecretArgumentName(name: string): boolean {
  return SECRET_KEY.test(name);
}

/** True when a credential field may be in `value`: one was found, or there were too many names to look at. */
function mayHoldSecret(value: unknown, budget: { left: number }): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (mayHoldSecret(item, budget)) return true;
    return budget.left < 0;
  }
  for (const key in value) {
    if (--budget.left < 0 || isSecretArgumentName(key)) return true;
    if (mayHoldSecret((value as Record<string, unknown>)[key], budget)) return true;
  }
  return false;
}

/** JSON.stringify(args) with the values of credential fields, at any depth, redacted. */
export function argumentsJson(args: Record<string, unknown>): string {
  if (!mayHoldSecret(args, { left: NAME_BUDGET })) return JSON.stringify(args);
  return JSON.stringify(args, (key, value) =>
    key !== "" && value !== null && value !== undefined && isSecretArgumentName(key) ? REDACTED : value,
  );
}
