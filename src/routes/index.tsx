import { createFileRoute, Link } from "@tanstack/react-router";
import { Logo } from "~/components/brand/logo.tsx";
import { Button } from "~/components/ui/button.tsx";
import { DEFAULT_SOCIAL_IMAGE, seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/")({
  head: ({ match }) =>
    seo({
      title: "Portico",
      description: "Portico connects AI agents to your business data through the Model Context Protocol.",
      keywords: ["MCP", "Model Context Protocol", "AI agents", "integrations"],
      image: DEFAULT_SOCIAL_IMAGE,
      canonicalPath: "/",
      baseUrl: match.context.clientConfig.baseUrl,
    }),
  component: Home,
});

function Home() {
  const { user } = Route.useRouteContext();
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-8 px-6 py-16 text-center">
      <Logo className="text-2xl" />
      <div className="flex max-w-2xl flex-col gap-4">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Portico</h1>
        <p className="text-lg text-muted-foreground">
          Connect AI agents to email, calendars, files, CRM and more through one secure Model Context Protocol
          endpoint per project.
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        {user ? (
          <Button asChild size="lg">
            <Link to="/app/dashboard">Open dashboard</Link>
          </Button>
        ) : (
          <>
            <Button asChild size="lg" variant="outline">
              <Link to="/sign-in">Sign in</Link>
            </Button>
            <Button asChild size="lg">
              <Link to="/sign-up">Get started</Link>
            </Button>
          </>
        )}
      </div>
    </main>
  );
}
