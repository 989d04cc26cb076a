// The frame of the legal pages (privacy policy, terms of service): the intro with the date they last
// changed, which is the same for both (lib/site/legal.ts), then their text as prose.
import type { ReactNode } from "react";
import { LEGAL_UPDATED } from "~/lib/site/legal.ts";
import { PageIntro } from "./page-intro.tsx";
import { Prose } from "./prose.tsx";

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageIntro eyebrow="Legal" title={title}>
        Last updated {LEGAL_UPDATED}.
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <Prose>{children}</Prose>
      </div>
    </>
  );
}
