// What a playground run returned: success or a clearly marked tool error, the time it took, and the
// content (text, JSON pretty-printed, other content types named).

import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { Badge } from "~/components/ui/badge.tsx";
import { formatDuration } from "~/lib/format-duration.ts";

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function contentText(item: CallToolResult["content"][number]): string {
  switch (item.type) {
    case "text":
      return pretty(item.text);
    case "resource_link":
      return `Link: ${item.uri}`;
    case "resource":
      return "text" in item.resource ? item.resource.text : `Resource: ${item.resource.uri}`;
    default:
      return `[${item.type} content, ${"mimeType" in item ? item.mimeType : "binary"}]`;
  }
}

export function RunResult({ result, durationMs }: { result: CallToolResult; durationMs: number }) {
  const failed = result.isError === true;
  const blocks = result.content.map(contentText);
  if (result.structuredContent && blocks.length === 0) {
    blocks.push(JSON.stringify(result.structuredContent, null, 2));
  }
  return (
    <section aria-label="Result" className="flex min-w-0 flex-col gap-2" data-testid="playground-result">
      <div className="flex items-center gap-2 text-sm">
        {failed ? <Badge variant="destructive">Tool error</Badge> : <Badge variant="success">Success</Badge>}
        <span className="text-muted-foreground tabular-nums" data-testid="playground-duration">
          {formatDuration(durationMs)}
        </span>
      </div>
      {blocks.length === 0 ? (
        <p className="text-sm text-muted-foreground">The tool returned no content.</p>
      ) : (
        blocks.map((text, index) => (
          <pre
            // Content items have no identity beyond their position in the result.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className={`max-h-72 overflow-auto rounded-md border p-3 font-mono text-xs whitespace-pre-wrap break-words ${
              failed ? "border-destructive/50 bg-destructive/5" : "bg-muted/40"
            }`}
          >
            {text}
          </pre>
        ))
      )}
    </section>
  );
}
