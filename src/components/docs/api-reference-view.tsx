import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { CodeBlock } from "~/components/docs/code-block.tsx";
import { InlineCode } from "~/components/docs/inline-code.tsx";
import { type ApiReference, operationAnchor, type ReferenceOperation } from "~/lib/site/api-reference.ts";

const methodTone: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  POST: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  PUT: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  PATCH: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  DELETE: "bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200",
};

/** A tag as an id: "External users" → "tag-external-users" (an id with a space names two ids). */
const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** The management API's reference: an index by resource, then each operation in full. */
export function ApiReferenceView({ reference }: { reference: ApiReference }) {
  // On a phone the index (some sixty links) is folded behind one button, so the page starts with
  // its content; from the lg breakpoint it is a sticky column beside it.
  const [indexOpen, setIndexOpen] = useState(false);
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <nav
        aria-label="Operations"
        className="text-sm lg:sticky lg:top-20 lg:max-h-[calc(100svh-6rem)] lg:self-start lg:overflow-y-auto"
      >
        <button
          type="button"
          className="flex w-full items-center justify-between rounded-md border px-3 py-2 font-medium lg:hidden"
          aria-expanded={indexOpen}
          aria-controls="operations-index"
          onClick={() => setIndexOpen((open) => !open)}
        >
          All operations
          <ChevronDown
            className={`size-4 transition-transform ${indexOpen ? "rotate-180" : ""}`}
            aria-hidden="true"
          />
        </button>
        <div id="operations-index" className={indexOpen ? "mt-3 lg:mt-0" : "hidden lg:block"}>
          {reference.groups.map((group) => (
            <div key={group.tag} className="mb-4">
              <p className="px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {group.tag}
              </p>
              <ul className="mt-1">
                {group.operations.map((operation) => (
                  <li key={operation.id}>
                    <a
                      href={`#${operationAnchor(operation)}`}
                      className="block rounded-md px-2 py-1 text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    >
                      {operation.summary}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>
      <div className="flex min-w-0 flex-col gap-12">
        <section aria-labelledby="basics" className="flex flex-col gap-4">
          <h2 id="basics" className="text-2xl font-semibold tracking-tight">
            Basics
          </h2>
          <p className="text-muted-foreground">
            <InlineCode text="Send an organization's management token as `Authorization: Bearer pmt_…`. Owners and admins create tokens under Organization settings → Management tokens, with the scopes each backend needs (`read`, `write`, or one family such as `projects:write`). API keys (`ptk_…`) are for /mcp and are refused here." />
          </p>
          <p className="text-muted-foreground">
            <InlineCode text="Lists take `limit` (1–100) and `cursor` and answer `{ items, nextCursor }`. Creates take an `Idempotency-Key` header: a retry with the same key returns the first answer. Refusals share one shape, `{ error: { code, message, fields? } }`, with the codes BAD_REQUEST (400), UNAUTHORIZED (401), FORBIDDEN (403), NOT_FOUND (404), PAYMENT_REQUIRED (402), CONFLICT (409), TOO_MANY_REQUESTS (429, with `Retry-After`)." />
          </p>
          <CodeBlock
            snippet={{ label: "OpenAPI 3.1 document", language: "text", code: reference.documentUrl }}
          />
          <p className="text-sm text-muted-foreground">
            <InlineCode text="The TypeScript SDK in this repository's `packages/sdk` is generated from that document." />
          </p>
        </section>
        {reference.groups.map((group) => (
          <section key={group.tag} aria-labelledby={tagAnchor(group.tag)} className="flex flex-col gap-8">
            <h2 id={tagAnchor(group.tag)} className="scroll-mt-24 text-2xl font-semibold tracking-tight">
              {group.tag}
            </h2>
            {group.operations.map((operation) => (
              <OperationView key={operation.id} operation={operation} />
            ))}
          </section>
        ))}
        <section aria-labelledby="schemas" className="flex flex-col gap-4">
          <h2 id="schemas" className="text-2xl font-semibold tracking-tight">
            Schemas
          </h2>
          {reference.schemas.map((schema) => (
            <div key={schema.name} id={`schema-${schema.name}`}>
              <CodeBlock snippet={{ label: schema.name, language: "json", code: schema.schema }} />
            </div>
          ))}
        </section>
      </div>
    </div>
  );
}

function OperationView({ operation }: { operation: ReferenceOperation }) {
  return (
    <article id={operationAnchor(operation)} className="flex scroll-mt-24 flex-col gap-3 border-t pt-6">
      <h3 className="text-lg font-semibold">{operation.summary}</h3>
      <p className="flex flex-wrap items-center gap-2 font-mono text-sm">
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${methodTone[operation.method] ?? ""}`}>
          {operation.method}
        </span>
        <span className="break-all">{operation.path}</span>
      </p>
      {operation.description
        .split("\n\n")
        .filter(Boolean)
        .map((paragraph) => (
          <p key={paragraph} className="text-sm text-muted-foreground">
            <InlineCode text={paragraph} />
          </p>
        ))}
      {operation.parameters.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Parameters of {operation.summary}</caption>
            <thead className="text-xs text-muted-foreground uppercase">
              <tr>
                <th className="py-1 pr-4 font-medium">Parameter</th>
                <th className="py-1 pr-4 font-medium">In</th>
                <th className="py-1 font-medium">Description</th>
              </tr>
            </thead>
            <tbody>
              {operation.parameters.map((parameter) => (
                <tr key={`${parameter.in}-${parameter.name}`} className="border-t align-top">
                  <td className="py-1 pr-4 font-mono">
                    {parameter.name}
                    {parameter.required ? <span className="text-muted-foreground"> (required)</span> : null}
                  </td>
                  <td className="py-1 pr-4">{parameter.in}</td>
                  <td className="py-1 text-muted-foreground">{parameter.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {operation.body ? (
        <CodeBlock
          snippet={{ label: "Request body (application/json)", language: "json", code: operation.body }}
        />
      ) : null}
      {operation.responses.map((response) => (
        <div key={response.status} className="flex flex-col gap-2">
          <p className="text-sm">
            <span className="font-mono font-semibold">{response.status}</span>{" "}
            <span className="text-muted-foreground">{response.description}</span>
          </p>
          {response.schema ? (
            <CodeBlock
              snippet={{ label: `${response.status} body`, language: "json", code: response.schema }}
            />
          ) : null}
        </div>
      ))}
    </article>
  );
}
