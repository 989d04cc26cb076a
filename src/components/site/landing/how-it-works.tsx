const steps = [
  {
    title: "Create a project",
    text: "Projects live in your organization. Each one gets its own MCP endpoint, API keys and tool settings.",
  },
  {
    title: "Connect your tools",
    text: "Authorize Gmail, HubSpot, Jira and the rest once for the organization, then enable the ones this project needs.",
  },
  {
    title: "Point the agent at one URL",
    text: "Add the project's MCP URL to Claude, Cursor, VS Code, n8n or your own code. Authenticate with an API key or with OAuth.",
  },
];

export function HowItWorks({ mcpUrl }: { mcpUrl: string }) {
  return (
    <section aria-labelledby="how-title" className="border-y bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="how-title" className="text-3xl font-bold tracking-tight">
          How an agent connects
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="flex flex-col gap-3">
              <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="text-lg font-semibold">{step.title}</h3>
              <p className="text-sm text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 grid gap-4 md:grid-cols-2">
          <div className="rounded-xl border bg-card p-5">
            <h3 className="font-semibold">API key</h3>
            <p className="mt-2 text-sm text-muted-foreground">
              For servers, scripts and automation. Create a project key and send it as a bearer token:
            </p>
            <pre className="mt-3 rounded-md bg-muted px-3 py-2 font-mono text-xs whitespace-pre-wrap break-words">
              <code>Authorization: Bearer ptk_…</code>
            </pre>
          </div>
          <div className="rounded-xl border bg-card p-5">
            <h3 className="font-semibold">OAuth 2.1</h3>
            <p className="mt-2 text-sm text-muted-foreground">
              For people. Clients that support MCP authorization discover Portico from the URL, open a sign-in
              page and let you pick the project — no key to copy.
            </p>
            <pre className="mt-3 rounded-md bg-muted px-3 py-2 font-mono text-xs whitespace-pre-wrap break-words">
              <code>{mcpUrl}</code>
            </pre>
          </div>
        </div>
      </div>
    </section>
  );
}
