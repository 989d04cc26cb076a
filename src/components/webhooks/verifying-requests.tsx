// How a receiver checks a request, shown under the endpoints (the same as docs/webhooks.md).
import { CodeBlock } from "~/components/docs/code-block.tsx";
import { SectionCard } from "~/components/ui/section-card.tsx";

const example = `import { Webhook } from "standardwebhooks";

const webhook = new Webhook(process.env.PORTICO_WEBHOOK_SECRET); // whsec_…

// In your handler, with the raw body exactly as received:
const event = webhook.verify(rawBody, {
  "webhook-id": request.headers["webhook-id"],
  "webhook-timestamp": request.headers["webhook-timestamp"],
  "webhook-signature": request.headers["webhook-signature"],
}); // throws when the signature or the timestamp (±5 minutes) is wrong

if (await alreadyProcessed(event.id)) return respond(200); // retries repeat the same id
`;

export function VerifyingRequests() {
  return (
    <SectionCard
      title="Verifying requests"
      description="Requests follow the Standard Webhooks specification: an HMAC-SHA256 signature of the id, the timestamp and the body, with the endpoint's secret. Any Standard Webhooks library verifies them. Answer 2xx within 15 seconds; anything else is retried with growing pauses for about four hours."
    >
      <CodeBlock snippet={{ label: "receiver.ts", code: example, language: "typescript" }} />
    </SectionCard>
  );
}
