import { CheckIcon, SparklesIcon } from "lucide-react";

const neoSteps = [
  "Understands what you are asking for",
  "Picks the integrations that can answer it",
  "Plans the calls, runs them and checks the results",
  "Reports back in one answer — up to 30 steps by default",
];

export function NeoSection() {
  return (
    <section aria-labelledby="neo-title" className="border-y bg-muted/40">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-20 md:grid-cols-2">
        <div>
          <p className="inline-flex items-center gap-2 text-sm font-semibold text-primary">
            <SparklesIcon className="size-4" aria-hidden="true" /> Agent marketplace
          </p>
          <h2 id="neo-title" className="mt-2 text-3xl font-bold tracking-tight">
            Meet Neo, the agent that orchestrates the others
          </h2>
          <p className="mt-3 text-muted-foreground">
            Some requests need several systems: “Find the deals that slipped this month, check the account
            owners' calendars and draft a follow-up for each.” Neo breaks such a request down and works
            through your project's integrations on its own, with the language model and keys you configure.
          </p>
        </div>
        <ol className="flex flex-col gap-3">
          {neoSteps.map((step) => (
            <li key={step} className="flex items-start gap-3 rounded-lg border bg-card p-4 text-sm">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              {step}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
