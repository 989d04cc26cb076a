// A client's setup guide with copyable snippets. Used by the public docs (instance URLs) and inside a
// project (its URLs, and a fresh key when there is one). Props stay plain so any page can embed it.
import { ExternalLinkIcon } from "lucide-react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs.tsx";
import { type ClientReference, clientGuide, type GuideVariant } from "~/lib/client-setup/index.ts";
import { CodeBlock } from "./code-block.tsx";
import { InlineCode } from "./inline-code.tsx";

export interface ClientSetupGuideProps {
  reference: ClientReference;
  mcpUrl: string;
  restBaseUrl: string;
  apiKey?: string;
  /** `apiKey` is an existing key's masked form: the guide says to swap in the saved secret. */
  apiKeyMasked?: boolean;
  /** Heading level of the guide's title; steps are one level below. Default 2. */
  headingLevel?: 2 | 3;
}

export function ClientSetupGuide({
  reference,
  mcpUrl,
  restBaseUrl,
  apiKey,
  apiKeyMasked,
  headingLevel = 2,
}: ClientSetupGuideProps) {
  const guide = clientGuide(reference, {
    mcpUrl,
    restBaseUrl,
    ...(apiKey ? { apiKey, apiKeyMasked: apiKeyMasked === true } : {}),
  });
  const Title = headingLevel === 2 ? "h2" : "h3";
  const [first] = guide.variants;
  return (
    <article className="flex min-w-0 flex-col gap-6" data-testid={`guide-${reference}`}>
      <header className="flex flex-col gap-3">
        <Title className="text-2xl font-semibold tracking-tight">Connect {guide.name} to Portico</Title>
        <p className="text-muted-foreground">
          <InlineCode text={guide.intro} />
        </p>
        <ul className="flex flex-wrap gap-2 text-xs">
          {guide.requirements.map((requirement) => (
            <li key={requirement} className="rounded-md border px-2 py-1 text-muted-foreground">
              <InlineCode text={requirement} />
            </li>
          ))}
        </ul>
      </header>
      {guide.variants.length > 1 && first ? (
        <Tabs defaultValue={first.id}>
          <TabsList aria-label="How to authenticate">
            {guide.variants.map((variant) => (
              <TabsTrigger key={variant.id} value={variant.id}>
                {variant.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {guide.variants.map((variant) => (
            <TabsContent key={variant.id} value={variant.id} className="pt-2">
              <Steps variant={variant} headingLevel={headingLevel} />
            </TabsContent>
          ))}
        </Tabs>
      ) : first ? (
        <Steps variant={first} headingLevel={headingLevel} />
      ) : null}
      {guide.notes.length > 0 ? (
        <aside className="rounded-lg border bg-muted/40 p-4 text-sm">
          <p className="font-medium">Good to know</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
            {guide.notes.map((note) => (
              <li key={note}>
                <InlineCode text={note} />
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
      <a
        href={guide.docsUrl}
        target="_blank"
        rel="noreferrer"
        className="inline-flex w-fit items-center gap-1 rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {guide.name} documentation <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </article>
  );
}

function Steps({ variant, headingLevel }: { variant: GuideVariant; headingLevel: 2 | 3 }) {
  const StepTitle = headingLevel === 2 ? "h3" : "h4";
  return (
    <ol className="flex flex-col gap-6">
      {variant.steps.map((step, index) => (
        <li key={step.title} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
          >
            {index + 1}
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <StepTitle className="pt-0.5 font-semibold">{step.title}</StepTitle>
            {step.body.map((paragraph) => (
              <p key={paragraph} className="text-sm text-muted-foreground">
                <InlineCode text={paragraph} />
              </p>
            ))}
            {step.snippets?.map((snippet) => (
              <CodeBlock key={`${snippet.label}:${snippet.code}`} snippet={snippet} />
            ))}
          </div>
        </li>
      ))}
    </ol>
  );
}
