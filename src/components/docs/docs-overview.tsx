import { Link } from "@tanstack/react-router";
import { CodeBlock } from "~/components/docs/code-block.tsx";
import { InlineCode } from "~/components/docs/inline-code.tsx";
import { clientBlurbs } from "~/lib/client-setup/blurbs.ts";
import { clientCategories, clientInfo, clientReferences } from "~/lib/client-setup/references.ts";

/** /docs without a ref: what every guide has in common, then the list of clients. */
export function DocsOverview({ mcpUrl, restBaseUrl }: { mcpUrl: string; restBaseUrl: string }) {
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="basics-title" className="flex flex-col gap-4">
        <h2 id="basics-title" className="text-2xl font-semibold tracking-tight">
          One URL, two ways to sign in
        </h2>
        <p className="text-muted-foreground">
          Every Portico project is reached at the same MCP endpoint. The token the client sends decides which
          project it talks to, so you never have to look up a project-specific URL.
        </p>
        <CodeBlock snippet={{ label: "MCP endpoint (Streamable HTTP)", language: "text", code: mcpUrl }} />
        <div className="grid gap-4 md:grid-cols-2">
          <div className="rounded-lg border p-4 text-sm">
            <h3 className="font-semibold">API key</h3>
            <p className="mt-2 text-muted-foreground">
              <InlineCode text="Create one in your project under API keys and send it as `Authorization: Bearer ptk_…`. Best for servers, scripts and automation platforms." />
            </p>
          </div>
          <div className="rounded-lg border p-4 text-sm">
            <h3 className="font-semibold">OAuth 2.1</h3>
            <p className="mt-2 text-muted-foreground">
              Clients that implement MCP authorization find Portico's sign-in from the endpoint, register
              themselves and let the person choose the project. Best for assistants and editors.
            </p>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">
          <InlineCode
            text={`No MCP client? The same tools are plain HTTP operations under \`${restBaseUrl}\`, described by an OpenAPI document.`}
          />
        </p>
        <p className="text-sm text-muted-foreground">
          Building a product on Portico? Provision projects, keys, servers and your own users' connections
          from your backend with the{" "}
          <Link
            to="/docs/management-api"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            management API
          </Link>
          .
        </p>
      </section>
      {clientCategories.map((category) => (
        <section key={category} aria-labelledby={`cat-${category}`} className="flex flex-col gap-4">
          <h2 id={`cat-${category}`} className="text-xl font-semibold tracking-tight">
            {category}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {clientReferences
              .filter((reference) => clientInfo[reference].category === category)
              .map((reference) => (
                <li key={reference}>
                  <Link
                    to="/docs"
                    search={{ ref: reference }}
                    className="block h-full rounded-lg border p-4 outline-none transition-colors hover:border-primary/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <span className="font-medium">{clientInfo[reference].name}</span>
                    <span className="mt-1 block text-sm text-muted-foreground">
                      <InlineCode text={clientBlurbs[reference]} />
                    </span>
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
