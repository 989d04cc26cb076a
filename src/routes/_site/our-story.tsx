import { createFileRoute, Link } from "@tanstack/react-router";
import { PageIntro } from "~/components/site/page-intro.tsx";
import { Prose } from "~/components/site/prose.tsx";
import { siteHead } from "~/components/site/site-head.ts";
import { Button } from "~/components/ui/button.tsx";

export const Route = createFileRoute("/_site/our-story")({
  staticData: { queryRuntime: false },
  head: siteHead({
    title: "Our story",
    description:
      "Why Portico exists: its founders bring 30+ years of combined experience in enterprise integration, security and developer tools.",
    keywords: ["Portico founders", "about Portico", "MCP company"],
    canonicalPath: "/our-story",
  }),
  component: OurStory,
});

const founders = [
  {
    role: "Co-founder & CEO",
    focus: "Enterprise integration",
    text: "Spent more than a decade connecting ERPs, CRMs and document systems for mid-sized companies — and saw the same integrations rebuilt for every project.",
  },
  {
    role: "Co-founder & CTO",
    focus: "Security and distributed systems",
    text: "Built identity and API platforms that had to pass bank audits. Believes secrets belong in the platform, not in configuration files.",
  },
  {
    role: "Co-founder & CPO",
    focus: "Tools for analysts",
    text: "Designed reporting and automation products for business analysts, the people who know which questions matter and wait longest for the data.",
  },
];

const values = [
  {
    title: "Access, not passwords",
    text: "Agents get scoped, revocable access. Nobody pastes a personal token into a file.",
  },
  {
    title: "Open standards",
    text: "We build on the Model Context Protocol and OAuth, so you can change clients and models without changing Portico.",
  },
  {
    title: "Boring where it counts",
    text: "Encryption, audits, quotas and time-outs are not features to us; they are the floor.",
  },
];

function OurStory() {
  return (
    <>
      <PageIntro eyebrow="Our story" title="We built the integration layer we kept wishing for">
        Portico's founders bring more than 30 years of combined experience in enterprise integration, security
        and developer tools.
      </PageIntro>
      <div className="mx-auto flex max-w-6xl flex-col gap-16 px-4 py-12 sm:px-6">
        <Prose>
          <h2>Why Portico</h2>
          <p>
            For most of our careers, “integration” meant months of work: a connector per system, a service
            account per connector, and a spreadsheet of who had access to what. When AI assistants became good
            enough to do real work, we watched teams hit the same wall again — only faster. The assistant was
            ready; the data was out of reach, or reachable only through someone's personal token.
          </p>
          <p>
            The Model Context Protocol gave agents and tools a common language. What was still missing was the
            layer around it: connecting accounts once for a team, deciding per project which tools an agent
            may use, signing people in with OAuth, counting requests, and switching it all off cleanly when
            someone leaves. That layer is Portico.
          </p>
          <h2>How we work</h2>
          <p>
            We are a small team based in Prague, working with customers across Europe. Many of our first
            integrations — Raynet, Caflou, Alveno — come from the Czech and Slovak companies we worked with
            long before Portico, next to the global tools like Gmail, SharePoint, Jira and HubSpot that every
            team uses.
          </p>
        </Prose>
        <section aria-labelledby="founders-title">
          <h2 id="founders-title" className="text-2xl font-bold tracking-tight">
            The founders
          </h2>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            Three people, one problem they each met from a different side — together, 30+ years of experience.
          </p>
          <ul className="mt-8 grid gap-4 md:grid-cols-3">
            {founders.map((founder) => (
              <li key={founder.role} className="rounded-xl border bg-card p-5">
                <p className="text-xs font-semibold tracking-wide text-primary uppercase">{founder.focus}</p>
                <h3 className="mt-2 font-semibold">{founder.role}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{founder.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="values-title">
          <h2 id="values-title" className="text-2xl font-bold tracking-tight">
            What we hold to
          </h2>
          <ul className="mt-8 grid gap-4 md:grid-cols-3">
            {values.map((value) => (
              <li key={value.title} className="rounded-xl border p-5">
                <h3 className="font-semibold">{value.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{value.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/contact">Get in touch</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/newsroom">Read the launch announcement</Link>
          </Button>
        </div>
      </div>
    </>
  );
}
