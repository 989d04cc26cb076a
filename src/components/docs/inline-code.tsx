import { Fragment } from "react";

/** Renders `code` spans of guide text as <code>; everything else stays text. */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`)/g);
  return (
    <>
      {parts.map((part, index) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 2 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string, never reordered
          <code key={index} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em] break-words">
            {part.slice(1, -1)}
          </code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
