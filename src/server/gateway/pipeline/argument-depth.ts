// Tool arguments are JSON from the caller, and JSON.parse accepts any depth; the recursive code after it
// (JSON.stringify for the call log, redaction, engines building a request body) does not: 10,000 levels
// threw RangeError and answered 500. A tool's arguments deeper than this are refused before anything
// runs. The walk keeps its own stack and stops at the first level past the limit.

/** Deeper than any tool's schema needs; shallow enough for every recursive reader after it. */
export const MAX_ARGUMENT_DEPTH = 64;

export const TOO_DEEP_MESSAGE = `Tool arguments are nested more than ${MAX_ARGUMENT_DEPTH} levels deep.`;

/** Whether `value` has arrays or objects nested more than `maxDepth` levels. */
export function nestedDeeperThan(value: unknown, maxDepth = MAX_ARGUMENT_DEPTH): boolean {
  if (typeof value !== "object" || value === null) return false;
  const stack: unknown[] = [value];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const current = stack.pop() as object;
    const depth = depths.pop() as number;
    if (depth > maxDepth) return true;
    for (const key in current) {
      const child = (current as Record<string, unknown>)[key];
      if (typeof child === "object" && child !== null) {
        stack.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
