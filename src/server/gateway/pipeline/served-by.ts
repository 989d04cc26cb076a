// Which connection served a tool call, for the call log: the engine that resolved the connection marks
// its result (a non-enumerable symbol key, so it never reaches the wire, like connection-needed.ts's
// mark), and runTool reads the mark when it records the call. Standard tools and agents carry none.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

const SERVED_BY = Symbol("portico.servedBy");

export interface ServedBy {
  connectionId: string;
  /** The connection's label, or the account it reaches, as it was at the call. */
  connectionLabel: string | null;
}

type Marked = CallToolResult & { [SERVED_BY]?: ServedBy };

export function markServedBy(
  result: CallToolResult,
  connection: { connectionId?: string; connectionLabel?: string },
): CallToolResult {
  if (!connection.connectionId) return result;
  const servedBy: ServedBy = {
    connectionId: connection.connectionId,
    connectionLabel: connection.connectionLabel ?? null,
  };
  return Object.defineProperty(result, SERVED_BY, { value: servedBy, configurable: true });
}

export const servedByOf = (result: CallToolResult): ServedBy | undefined => (result as Marked)[SERVED_BY];
