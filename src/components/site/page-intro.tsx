import type { ReactNode } from "react";

/** The heading block at the top of an inner public page. */
export function PageIntro(props: { eyebrow?: string; title: ReactNode; children?: ReactNode }) {
  return (
    <section className="border-b bg-gradient-to-b from-accent/60 to-background">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-14 sm:px-6 sm:py-20">
        {props.eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{props.eyebrow}</p>
        ) : null}
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">
          {props.title}
        </h1>
        {props.children ? (
          <div className="max-w-2xl text-lg text-pretty text-muted-foreground">{props.children}</div>
        ) : null}
      </div>
    </section>
  );
}
