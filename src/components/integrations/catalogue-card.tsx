// One catalogue entry as a card: mark, name, category, description, badges and its button (a link to
// the integration, a start link for standard tools, or a disabled 'Coming Soon').
import { Link } from "@tanstack/react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import type { CatalogueEntry } from "~/lib/integrations/catalogue-entry.ts";
import { BADGE_COMING_SOON, BADGE_STANDARD_TOOL } from "~/lib/integrations/types.ts";
import { isPremiumIntegration, PREMIUM_BADGE } from "~/lib/premium-integrations.ts";
import { IntegrationLogo } from "./integration-logo.tsx";

const badgeVariant = (badge: string) =>
  badge === BADGE_COMING_SOON ? "outline" : badge === BADGE_STANDARD_TOOL ? "success" : "secondary";

export function CatalogueCard({ entry, signedIn }: { entry: CatalogueEntry; signedIn: boolean }) {
  return (
    <article
      className="flex flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-xs"
      data-testid="catalogue-card"
      data-entry-id={entry.id}
    >
      <div className="flex items-start gap-3">
        <IntegrationLogo logo={entry.logo} name={entry.name} />
        <div className="min-w-0">
          <h2 className="truncate font-semibold leading-tight">{entry.name}</h2>
          <p className="text-xs text-muted-foreground">{entry.category}</p>
        </div>
      </div>
      <p className="line-clamp-3 flex-1 text-sm text-muted-foreground">{entry.description}</p>
      <div className="flex flex-wrap gap-1.5">
        {entry.badges.map((badge) => (
          <Badge key={badge} variant={badgeVariant(badge)}>
            {badge}
          </Badge>
        ))}
        {isPremiumIntegration(entry.id) ? (
          <Badge variant="warning" title="On paid plans (Start and up)">
            {PREMIUM_BADGE}
          </Badge>
        ) : null}
      </div>
      <CardAction entry={entry} signedIn={signedIn} />
    </article>
  );
}

function CardAction({ entry, signedIn }: { entry: CatalogueEntry; signedIn: boolean }) {
  const label = entry.buttonText ?? "Learn more";
  if (entry.disabled) {
    return (
      <Button variant="outline" size="sm" disabled aria-disabled="true">
        {label}
      </Button>
    );
  }
  if (entry.kind === "integration") {
    return (
      <Button asChild size="sm" variant="outline">
        <Link to="/integrations/$id" params={{ id: entry.id }} aria-label={`${label}: ${entry.name}`}>
          {label}
        </Link>
      </Button>
    );
  }
  return (
    <Button asChild size="sm" variant="outline">
      <Link to={signedIn ? "/app/dashboard" : "/sign-up"} aria-label={`${label} with ${entry.name}`}>
        {label}
      </Link>
    </Button>
  );
}
