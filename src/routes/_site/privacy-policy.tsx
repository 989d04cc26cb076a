import { createFileRoute, Link } from "@tanstack/react-router";
import { LegalPage } from "~/components/site/legal-page.tsx";
import { siteHead } from "~/components/site/site-head.ts";

export const Route = createFileRoute("/_site/privacy-policy")({
  staticData: { queryRuntime: false },
  head: siteHead({
    title: "Privacy policy",
    description:
      "What personal data Portico processes, why, for how long, who helps us, and how to exercise your rights.",
    keywords: ["Portico privacy policy", "GDPR", "data protection"],
    canonicalPath: "/privacy-policy",
  }),
  component: Privacy,
});

function Privacy() {
  return (
    <LegalPage title="Privacy policy">
      <p>
        This policy explains how Portico handles personal data when you visit this site, use the Portico
        application, or when agents call tools through a Portico project. Portico is the controller for
        account and website data, and a processor for the data your organization passes through integrations.
      </p>
      <h2>What we collect and why</h2>
      <h3>Your account</h3>
      <p>
        Name, email address, a hashed password, your organization memberships and roles, and the sessions you
        are signed in with (device and IP address). We need them to run your account and keep it secure
        (contract and legitimate interest).
      </p>
      <h3>Your organization's configuration</h3>
      <p>
        Projects, enabled integrations and tools, agent settings, API keys (stored only as a hash; the key
        itself is shown to you once), and the credentials of connected services. Third-party tokens and
        secrets, including language-model provider keys you give to agents such as Neo, are encrypted at rest
        with keys that never leave our infrastructure.
      </p>
      <h3>Tool calls</h3>
      <p>
        When an agent calls a tool, the request and the third party's answer pass through Portico to be
        delivered. We do not keep their content after the call, except where a feature you use needs it (for
        example an agent's conversation). We keep metadata — time, project, tool, duration, outcome — to count
        usage against your plan, show statistics and investigate errors.
      </p>
      <h3>Billing</h3>
      <p>
        For paid plans, our payment provider processes card and billing details; we store the subscription
        status and invoices it returns, not your card number.
      </p>
      <h3>Messages and the website</h3>
      <p>
        Messages sent through the <Link to="/contact">contact form</Link> (name, email, company, topic,
        message) so we can answer them. The site sets only the cookies it needs: the session cookie when you
        sign in, and one that remembers your light, dark or system theme. We do not use advertising or
        cross-site tracking cookies.
      </p>
      <h3>Error reports</h3>
      <p>
        When something breaks, an error report with technical details is sent to our error-monitoring service.
        If you are signed in, your user id, email and name are attached so we can help you. A small share of
        sessions is recorded as an interaction replay to reproduce errors; form inputs are masked.
      </p>
      <h2>Who helps us</h2>
      <ul>
        <li>Cloud hosting and database providers in the European Union, where Portico and its data run.</li>
        <li>An email delivery service, for invitations and notifications.</li>
        <li>A payment provider, for subscriptions.</li>
        <li>An error-monitoring service, for error reports.</li>
        <li>
          The third-party services and language-model providers your organization connects — they receive what
          the agent's tool calls send them, under their own terms.
        </li>
      </ul>
      <p>
        Where a provider processes data outside the European Economic Area, we rely on the European
        Commission's standard contractual clauses or an adequacy decision.
      </p>
      <h2>How long we keep data</h2>
      <ul>
        <li>Account data: while the account exists, then deleted within 30 days (backups included).</li>
        <li>Connections, keys and projects: until you delete them or the organization.</li>
        <li>Usage metadata: 13 months, to compare usage year over year.</li>
        <li>Contact messages: 2 years after the last exchange.</li>
        <li>Invoices: as long as accounting law requires (10 years in the Czech Republic).</li>
      </ul>
      <h2>Your rights</h2>
      <p>
        You may ask for a copy of your data, correct it, delete it, restrict or object to its processing, and
        take it elsewhere. Many of these you can do yourself in the application; for the rest,{" "}
        <Link to="/contact">contact us</Link>. If your organization's administrator manages your account, we
        may forward your request to them. You can also complain to a data protection authority — in the Czech
        Republic, the Office for Personal Data Protection (ÚOOÚ).
      </p>
      <h2>Changes</h2>
      <p>
        We will post changes here and tell organization owners by email about material ones before they apply.
      </p>
    </LegalPage>
  );
}
