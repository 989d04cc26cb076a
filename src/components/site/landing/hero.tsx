import { Link } from "@tanstack/react-router";
import { ArrowRightIcon } from "lucide-react";
import { buttonVariants } from "~/components/ui/button-variants.ts";

export function Hero({ signedIn, mcpUrl }: { signedIn: boolean; mcpUrl: string }) {
  return (
    <section className="relative overflow-hidden border-b">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_10%_-10%,var(--accent),transparent),radial-gradient(40rem_24rem_at_100%_0%,color-mix(in_oklab,var(--primary)_14%,transparent),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div className="flex flex-col gap-6">
          <p className="w-fit rounded-full border bg-background/70 px-3 py-1 text-xs font-medium text-muted-foreground">
            Model Context Protocol integration platform
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            Connect AI agents to your business data
          </h1>
          <p className="max-w-xl text-lg text-pretty text-muted-foreground">
            Portico gives every project one MCP endpoint. Behind it: email, calendars, files, CRM, project
            management, HR and web search — each tool running with the account and permissions your team
            chose.
          </p>
          <div className="flex flex-wrap gap-3">
            {signedIn ? (
              <Link to="/app/dashboard" className={buttonVariants({ size: "lg" })}>
                Open your dashboard <ArrowRightIcon aria-hidden="true" />
              </Link>
            ) : (
              <Link to="/sign-up" className={buttonVariants({ size: "lg" })}>
                Start free <ArrowRightIcon aria-hidden="true" />
              </Link>
            )}
            <Link to="/docs" className={buttonVariants({ variant: "outline", size: "lg" })}>
              Read the setup guides
            </Link>
          </div>
          <p className="text-sm text-muted-foreground">
            Free plan: one project, 30,000 requests a month, no credit card.
          </p>
        </div>
        <figure className="overflow-hidden rounded-xl border bg-card shadow-sm">
          <figcaption className="flex items-center justify-between border-b bg-muted/60 px-4 py-2 text-xs text-muted-foreground">
            <span>Connect Claude Code in one command</span>
            <span aria-hidden="true">terminal</span>
          </figcaption>
          <pre className="p-4 font-mono text-[13px] leading-relaxed whitespace-pre-wrap break-words">
            <code>
              <span className="text-muted-foreground">$ </span>
              {`claude mcp add --transport http portico \\\n    ${mcpUrl} \\\n    --header "Authorization: Bearer ptk_…"`}
              {"\n\n"}
              <span className="text-muted-foreground">{"# or sign in with OAuth instead of a key:\n"}</span>
              <span className="text-muted-foreground">$ </span>
              {`claude mcp add --transport http portico ${mcpUrl}`}
            </code>
          </pre>
          <div className="grid grid-cols-3 divide-x border-t text-center text-xs">
            <div className="px-2 py-3">
              <p className="font-semibold">1 URL</p>
              <p className="text-muted-foreground">per project</p>
            </div>
            <div className="px-2 py-3">
              <p className="font-semibold">API key or OAuth</p>
              <p className="text-muted-foreground">your choice</p>
            </div>
            <div className="px-2 py-3">
              <p className="font-semibold">13 clients</p>
              <p className="text-muted-foreground">documented</p>
            </div>
          </div>
        </figure>
      </div>
    </section>
  );
}
