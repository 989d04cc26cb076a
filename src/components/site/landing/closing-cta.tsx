import { Link } from "@tanstack/react-router";
import { LockIcon, ShieldCheckIcon, TimerIcon } from "lucide-react";
import { buttonVariants } from "~/components/ui/button-variants.ts";

const promises = [
  {
    icon: LockIcon,
    text: "API keys are shown once and stored hashed; third-party tokens are encrypted at rest.",
  },
  {
    icon: ShieldCheckIcon,
    text: "Every call runs with the project's own connections and the roles you set.",
  },
  { icon: TimerIcon, text: "Switch tools on and off per project, and watch requests against your plan." },
];

export function ClosingCta({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="grid gap-10 rounded-2xl border bg-card p-8 sm:p-12 md:grid-cols-[1.2fr_1fr]">
        <div className="flex flex-col gap-4">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
            Give your agents access, not your passwords
          </h2>
          <p className="text-muted-foreground">
            Start on the free plan with the standard tools and one integration, then grow into more projects,
            seats and requests when your team does.
          </p>
          <div className="flex flex-wrap gap-3">
            {signedIn ? (
              <Link to="/app/dashboard" className={buttonVariants({ size: "lg" })}>
                Open app
              </Link>
            ) : (
              <Link to="/sign-up" className={buttonVariants({ size: "lg" })}>
                Get started
              </Link>
            )}
            <Link to="/pricing" className={buttonVariants({ variant: "outline", size: "lg" })}>
              See pricing
            </Link>
          </div>
        </div>
        <ul className="flex flex-col gap-4">
          {promises.map(({ icon: Icon, text }) => (
            <li key={text} className="flex gap-3 text-sm">
              <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
