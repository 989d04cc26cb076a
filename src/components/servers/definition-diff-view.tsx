// One field's difference between a tool's accepted definition and the one its server now offers:
// prose inline (removed words struck through, added words highlighted), JSON as lines marked − and +.
// Marks are spelled out for screen readers, not carried by colour alone.
import type { RouterOutputs } from "~/lib/trpc.ts";

export type DefinitionReview = RouterOutputs["projectServers"]["getDefinitionReviews"][number];
type FieldDiff = DefinitionReview["diff"][number];

const addedClass = "bg-success/15 text-success";
const removedClass = "bg-destructive/15 text-destructive line-through";

function ProseDiff({ parts }: { parts: FieldDiff["parts"] }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">
      {parts.map((part, index) =>
        part.kind === "added" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed for the review's lifetime
          <ins key={index} className={`${addedClass} no-underline`}>
            <span className="sr-only">[added: </span>
            {part.text}
            <span className="sr-only">]</span>
          </ins>
        ) : part.kind === "removed" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <del key={index} className={removedClass}>
            <span className="sr-only">[removed: </span>
            {part.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function JsonDiff({ parts }: { parts: FieldDiff["parts"] }) {
  const lines = parts.flatMap((part) =>
    part.text
      .replace(/\n$/, "")
      .split("\n")
      .map((text) => ({ kind: part.kind, text })),
  );
  return (
    <pre className="max-h-96 overflow-auto rounded-md border bg-muted/40 py-2 font-mono text-xs leading-5">
      {lines.map((line, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed for the review's lifetime
          key={index}
          className={
            line.kind === "added"
              ? "bg-success/15 px-3 text-success"
              : line.kind === "removed"
                ? "bg-destructive/15 px-3 text-destructive"
                : "px-3 text-muted-foreground"
          }
        >
          <span aria-hidden="true">
            {line.kind === "added" ? "+ " : line.kind === "removed" ? "− " : "  "}
          </span>
          <span className="sr-only">
            {line.kind === "added" ? "added: " : line.kind === "removed" ? "removed: " : ""}
          </span>
          {line.text}
        </div>
      ))}
    </pre>
  );
}

export function DefinitionDiffView({ diff }: { diff: FieldDiff[] }) {
  return (
    <div className="flex flex-col gap-4">
      {diff.map((field) => (
        <section
          key={field.field}
          className="flex flex-col gap-1.5"
          aria-label={`Change to the ${field.label}`}
        >
          <h3 className="text-sm font-medium first-letter:uppercase">{field.label}</h3>
          {field.format === "text" ? <ProseDiff parts={field.parts} /> : <JsonDiff parts={field.parts} />}
        </section>
      ))}
    </div>
  );
}
