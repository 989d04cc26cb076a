import { createFileRoute, Link } from "@tanstack/react-router";
import { BookOpenIcon, LifeBuoyIcon, NewspaperIcon } from "lucide-react";
import { firstValue } from "~/components/auth/auth-search.ts";
import { ContactForm } from "~/components/contact/contact-form.tsx";
import { PageIntro } from "~/components/site/page-intro.tsx";
import { siteHead } from "~/components/site/site-head.ts";
import { type ContactTopic, isContactTopic } from "~/lib/contact-topics.ts";

const parseTopic = (search: Record<string, unknown>): { topic?: ContactTopic } => {
  const topic = firstValue(search.topic);
  return isContactTopic(topic) ? { topic } : {};
};

export const Route = createFileRoute("/_site/contact")({
  validateSearch: parseTopic,
  head: siteHead({
    title: "Contact",
    description: "Talk to the Portico team about plans, Enterprise, partnerships, press or product support.",
    keywords: ["contact Portico", "Portico sales", "MCP platform enterprise"],
    canonicalPath: "/contact",
  }),
  component: ContactPage,
});

function ContactPage() {
  const { topic } = Route.useSearch();
  const { user } = Route.useRouteContext();
  return (
    <>
      <PageIntro eyebrow="Contact" title="Talk to the Portico team">
        Questions about plans, an Enterprise agreement, an integration you need or a story you are writing —
        send us a message and a person will answer.
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <ContactForm defaultTopic={topic} defaultName={user?.name ?? ""} defaultEmail={user?.email ?? ""} />
        <aside className="flex flex-col gap-4 text-sm">
          <div className="rounded-xl border p-5">
            <LifeBuoyIcon className="size-5 text-primary" aria-hidden="true" />
            <h2 className="mt-2 font-semibold">Need help with your setup?</h2>
            <p className="mt-1 text-muted-foreground">
              The{" "}
              <Link to="/support" className="font-medium text-primary underline">
                support page
              </Link>{" "}
              lists the fastest way to an answer for your plan.
            </p>
          </div>
          <div className="rounded-xl border p-5">
            <BookOpenIcon className="size-5 text-primary" aria-hidden="true" />
            <h2 className="mt-2 font-semibold">Connecting a client?</h2>
            <p className="mt-1 text-muted-foreground">
              Step-by-step guides for 13 clients are in the{" "}
              <Link to="/docs" className="font-medium text-primary underline">
                docs
              </Link>
              .
            </p>
          </div>
          <div className="rounded-xl border p-5">
            <NewspaperIcon className="size-5 text-primary" aria-hidden="true" />
            <h2 className="mt-2 font-semibold">Press</h2>
            <p className="mt-1 text-muted-foreground">
              Choose the Press topic; our announcements are in the{" "}
              <Link to="/newsroom" className="font-medium text-primary underline">
                newsroom
              </Link>
              .
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
