import { createFileRoute, Link } from "@tanstack/react-router";
import { BookOpenIcon, MailIcon, MessagesSquareIcon, UserRoundCheckIcon } from "lucide-react";
import { PageIntro } from "~/components/site/page-intro.tsx";
import { Prose } from "~/components/site/prose.tsx";
import { siteHead } from "~/components/site/site-head.ts";

export const Route = createFileRoute("/_site/support")({
  staticData: { queryRuntime: false },
  head: siteHead({
    title: "Support",
    description:
      "Get help with Portico: setup guides, troubleshooting for MCP connections, and support by plan — community, email, priority email and dedicated.",
    keywords: ["Portico support", "MCP troubleshooting", "401 MCP", "MCP tools missing"],
    canonicalPath: "/support",
  }),
  component: Support,
});

const channels = [
  {
    icon: MessagesSquareIcon,
    plan: "Free",
    title: "Community",
    text: "Guides and answers for common questions; we read every message sent through the contact form.",
  },
  {
    icon: MailIcon,
    plan: "Start",
    title: "Email",
    text: "Answers from the Portico team by email within two business days.",
  },
  {
    icon: MailIcon,
    plan: "Business",
    title: "Priority email",
    text: "Your requests go to the front of the queue; answers within one business day.",
  },
  {
    icon: UserRoundCheckIcon,
    plan: "Enterprise",
    title: "Dedicated contact",
    text: "A named engineer who knows your setup, plus onboarding and security reviews.",
  },
];

const troubleshooting = [
  {
    q: "My client gets 401 Unauthorized.",
    a: "The Authorization header is missing or the key was revoked. Send `Authorization: Bearer ptk_…` exactly (one space after Bearer), or create a new key in the project's API keys page. OAuth clients sign in again when their token expires; if they loop, remove and re-add the server.",
  },
  {
    q: "The agent does not see a tool I expect.",
    a: "Check that the integration is connected for the organization and enabled in the project, and that the tool is switched on. Clients cache the tool list; reconnect or restart the client after changes.",
  },
  {
    q: "A tool returns an error from the provider.",
    a: "The provider refused the call — often an expired connection or missing permission on the connected account. Reconnect the integration from the organization's Integrations page.",
  },
  {
    q: "Requests fail with 402 Payment Required.",
    a: "The organization reached a limit of its plan. The message says which one; an owner or admin can upgrade on the billing page.",
  },
  {
    q: "My cloud platform cannot reach Portico.",
    a: "OpenAI, Claude connectors, Microsoft Foundry and hosted automation tools call Portico from their own servers. The Portico URL must be reachable from the internet over HTTPS.",
  },
];

function Support() {
  return (
    <>
      <PageIntro eyebrow="Support" title="How to get help">
        Most answers are a guide away. When they are not, the Portico team is — with response times that
        follow your plan.
      </PageIntro>
      <div className="mx-auto flex max-w-6xl flex-col gap-14 px-4 py-12 sm:px-6">
        <section aria-labelledby="start-title" className="grid gap-4 md:grid-cols-2">
          <h2 id="start-title" className="sr-only">
            Start here
          </h2>
          <Link
            to="/docs"
            className="rounded-xl border bg-card p-5 outline-none hover:border-primary/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <BookOpenIcon className="size-5 text-primary" aria-hidden="true" />
            <span className="mt-2 block font-semibold">Setup guides</span>
            <span className="mt-1 block text-sm text-muted-foreground">
              Exact configuration for Claude, Cursor, VS Code, the SDKs, OpenAI, n8n and more.
            </span>
          </Link>
          <Link
            to="/contact"
            search={{ topic: "support" }}
            className="rounded-xl border bg-card p-5 outline-none hover:border-primary/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <MailIcon className="size-5 text-primary" aria-hidden="true" />
            <span className="mt-2 block font-semibold">Write to support</span>
            <span className="mt-1 block text-sm text-muted-foreground">
              Tell us the project, the client and what you see. Never send an API key.
            </span>
          </Link>
        </section>
        <section aria-labelledby="channels-title">
          <h2 id="channels-title" className="text-2xl font-bold tracking-tight">
            Support by plan
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {channels.map(({ icon: Icon, plan, title, text }) => (
              <li key={plan} className="rounded-xl border p-5">
                <Icon className="size-5 text-primary" aria-hidden="true" />
                <p className="mt-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {plan}
                </p>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="troubleshooting-title">
          <h2 id="troubleshooting-title" className="text-2xl font-bold tracking-tight">
            Troubleshooting
          </h2>
          <div className="mt-6 flex flex-col gap-3">
            {troubleshooting.map((item) => (
              <details key={item.q} className="group rounded-lg border px-4 py-3">
                <summary className="cursor-pointer font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
                  {item.q}
                </summary>
                <p className="mt-2 text-sm text-muted-foreground">{item.a.replaceAll("`", "")}</p>
              </details>
            ))}
          </div>
        </section>
        <Prose>
          <h2>Security reports</h2>
          <p>
            If you believe you found a vulnerability, write to us through the contact form with the topic
            “Product support” and the word “Security” in the first line. Please give us reasonable time to fix
            it before disclosing it; we answer security reports within two business days on every plan.
          </p>
        </Prose>
      </div>
    </>
  );
}
