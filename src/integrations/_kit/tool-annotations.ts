// The MCP annotations a code tool gives, one set per kind of effect, so a tool names its kind instead
// of spelling out the three hints (governance and the tool pages read them).
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

const hints = (readOnlyHint: boolean, destructiveHint: boolean, idempotentHint: boolean) =>
  ({ readOnlyHint, destructiveHint, idempotentHint }) as const satisfies ToolAnnotations;

/** Reads only. */
export const readOnly = hints(true, false, true);

/** Adds something (sends, creates): each call adds again. */
export const additive = hints(false, false, false);

/** Writes without destroying: the same call again changes nothing more. */
export const idempotentWrite = hints(false, false, true);

/** Overwrites or deletes: the same call again changes nothing more. */
export const destructiveIdempotent = hints(false, true, true);

/** May overwrite or delete, and each call may do so again. */
export const destructive = hints(false, true, false);
