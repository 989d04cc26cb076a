import { CopyButton } from "~/components/ui/copy-button.tsx";
import type { Snippet } from "~/lib/client-setup/types.ts";

/** A snippet with its label and a copy button; long lines scroll instead of breaking the layout. */
export function CodeBlock({ snippet }: { snippet: Snippet }) {
  return (
    <figure className="min-w-0 overflow-hidden rounded-lg border bg-card">
      <figcaption className="flex items-center justify-between gap-2 border-b bg-muted/60 py-1 pr-1 pl-3">
        <span className="truncate font-mono text-xs text-muted-foreground">{snippet.label}</span>
        <CopyButton text={snippet.code} label={snippet.label} />
      </figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto p-3 font-mono text-[13px] leading-relaxed outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        data-language={snippet.language}
      >
        <code>{snippet.code}</code>
      </pre>
    </figure>
  );
}
