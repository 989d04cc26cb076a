// A remote tool may answer with megabytes; an agent's context cannot take that. The text (and other
// content) is cut to a budget, and the result says so, so the model knows it saw only a part.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

type Content = CallToolResult["content"][number];

const sizeOf = (item: Content) => (item.type === "text" ? item.text.length : JSON.stringify(item).length);
const kilobytes = (chars: number) => `${Math.ceil(chars / 1000)} KB`;

function cutText(text: string, length: number): string {
  const cut = text.slice(0, length);
  // Never end on half of a surrogate pair.
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** `result` with at most `maxChars` of content and of structured content, and a note when cut. */
export function capResult(result: CallToolResult, maxChars: number): CallToolResult {
  const content: Content[] = [];
  let budget = maxChars;
  let total = 0;
  for (const item of result.content) {
    const size = sizeOf(item);
    total += size;
    if (size <= budget) {
      content.push(item);
      budget -= size;
    } else if (budget > 0) {
      if (item.type === "text") content.push({ ...item, text: cutText(item.text, budget) });
      budget = 0;
    }
  }
  let structuredContent = result.structuredContent;
  const structuredSize = structuredContent ? JSON.stringify(structuredContent).length : 0;
  if (structuredSize > maxChars) structuredContent = undefined;
  const notes: string[] = [];
  if (total > maxChars) {
    notes.push(`the result was ${kilobytes(total)}; only the first ${kilobytes(maxChars)} are shown`);
  }
  if (structuredContent === undefined && structuredSize > 0) {
    notes.push(`its structured content (${kilobytes(structuredSize)}) was left out`);
  }
  if (notes.length > 0) content.push({ type: "text", text: `[Truncated by Portico: ${notes.join("; ")}.]` });
  return {
    content,
    ...(structuredContent === undefined ? {} : { structuredContent }),
    ...(result.isError ? { isError: true } : {}),
  };
}
