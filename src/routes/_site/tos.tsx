import { createFileRoute, Link } from "@tanstack/react-router";
import { LegalPage } from "~/components/site/legal-page.tsx";
import { siteHead } from "~/components/site/site-head.ts";

export const Route = createFileRoute("/_site/tos")({
  staticData: { queryRuntime: false },
  head: siteHead({
    title: "Terms of service",
    description: "The terms that govern the use of Portico, the MCP integration platform for AI agents.",
    keywords: ["Portico terms of service", "terms and conditions"],
    canonicalPath: "/tos",
  }),
  component: Terms,
});

function Terms() {
  return (
    <LegalPage title="Terms of service">
      <p>
        These terms are an agreement between you (or the organization you act for) and Portico about the use
        of the Portico service: the web application, its Model Context Protocol (MCP) endpoint, its REST API
        and the agents offered in its marketplace. By creating an account or using the service you accept
        them.
      </p>
      <h2>1. Accounts and organizations</h2>
      <p>
        You need an account to use Portico. Keep your password and API keys secret; actions taken with them
        are yours. Work happens in organizations: the owners of an organization decide who becomes a member,
        which roles members hold, and which projects exist. If you create an organization for your employer,
        you confirm that you may bind it to these terms.
      </p>
      <h2>2. What Portico does for you</h2>
      <p>
        Portico stores the connections you make to third-party services (such as Google, Microsoft, Atlassian
        or HubSpot) and, when an agent calls a tool through your project's endpoint, calls that service on
        your behalf with the permissions of the connected account. You choose which integrations and tools
        each project exposes. Portico does not read, sell or use the content that passes through tool calls
        for anything other than answering those calls.
      </p>
      <h2>3. Your responsibilities</h2>
      <ul>
        <li>
          Connect only accounts and data you are allowed to use, and respect the third party's own terms.
        </li>
        <li>
          Decide carefully what your agents may do. Tools can write as well as read (for example send an email
          or update a CRM record), and an agent acts on your instructions.
        </li>
        <li>
          Do not use Portico to break the law, send spam, probe other networks, or get around limits of the
          service or of a third party.
        </li>
        <li>Revoke API keys and remove members who no longer need access.</li>
      </ul>
      <h2>4. Plans, limits and payment</h2>
      <p>
        Each organization is on a plan (Free, Start, Business or Enterprise) with the seats, projects, monthly
        requests and support described on the <Link to="/pricing">pricing page</Link>. Paid plans are billed
        monthly or annually in advance through our payment provider and renew until cancelled. You can cancel
        at any time; the plan stays active until the end of the paid period. When a limit is reached, the
        service may refuse further requests with an explanation (HTTP 402) until the next period or an
        upgrade. Prices exclude taxes, which are added where required.
      </p>
      <h2>5. Availability and changes</h2>
      <p>
        We work to keep Portico available and fast, and we announce planned maintenance in advance.
        Third-party services can change or withdraw their APIs; when that happens we adapt the integration
        where we can, but we cannot guarantee any particular third-party feature. We may change the service
        and these terms; for material changes we notify organization owners at least 30 days before they take
        effect.
      </p>
      <h2>6. Your data</h2>
      <p>
        You keep all rights to your data. We process personal data as described in the{" "}
        <Link to="/privacy-policy">privacy policy</Link> and, for organizations that need one, under a data
        processing agreement available on request. When you delete an organization, its projects, keys and
        stored connections are deleted; backups expire within 30 days.
      </p>
      <h2>7. Suspension and termination</h2>
      <p>
        You may stop using Portico and delete your account at any time. We may suspend access that endangers
        the service, other customers or third parties, or that breaks these terms; where possible we warn you
        first and tell you why.
      </p>
      <h2>8. Liability</h2>
      <p>
        The service is provided with reasonable skill and care. To the extent the law allows, our total
        liability for any claim is limited to the fees your organization paid in the twelve months before the
        claim, and we are not liable for indirect or consequential loss, or for actions an agent took on your
        instructions. Nothing here limits liability that cannot be limited by law.
      </p>
      <h2>9. Governing law</h2>
      <p>
        These terms are governed by the laws of the Czech Republic, without prejudice to the mandatory
        consumer protection rules of your country of residence. Courts in Prague have jurisdiction unless the
        law gives you the right to sue elsewhere.
      </p>
      <h2>10. Contact</h2>
      <p>
        Questions about these terms: <Link to="/contact">contact us</Link>.
      </p>
    </LegalPage>
  );
}
