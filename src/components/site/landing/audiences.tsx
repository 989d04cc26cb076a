import { BarChart3Icon, Code2Icon, type LucideIcon, UsersIcon, WorkflowIcon } from "lucide-react";

const audiences: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Teams",
    text: "Share one organization: members, projects and connected accounts in one place, with roles that decide who may change what.",
    icon: UsersIcon,
  },
  {
    title: "Business analysts",
    text: "Let an assistant pull deals from the CRM, answers from surveys and numbers from spreadsheets in Drive — without exporting anything.",
    icon: BarChart3Icon,
  },
  {
    title: "Product owners",
    text: "Ask across Jira, Confluence and monday.com: what is blocked, what shipped, what customers asked for this sprint.",
    icon: WorkflowIcon,
  },
  {
    title: "Developers",
    text: "Point any MCP client or SDK at one URL, or call the same tools over REST with an OpenAPI document. No glue code per service.",
    icon: Code2Icon,
  },
];

export function Audiences() {
  return (
    <section aria-labelledby="audiences-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <h2 id="audiences-title" className="text-3xl font-bold tracking-tight">
        Built for the people who put agents to work
      </h2>
      <p className="mt-3 max-w-2xl text-muted-foreground">
        Portico is an integration platform: it does the sign-in, the API calls and the permissions, so the
        agent only has to decide what to ask.
      </p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {audiences.map(({ title, text, icon: Icon }) => (
          <li key={title} className="rounded-xl border bg-card p-5">
            <Icon className="size-5 text-primary" aria-hidden="true" />
            <h3 className="mt-3 font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
