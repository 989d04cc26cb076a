import { createFileRoute, Link } from "@tanstack/react-router";
import { ChevronRight, Inbox, KeyRound, type LucideIcon, MessageSquareText, WalletCards } from "lucide-react";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { seo } from "~/lib/seo.ts";
import type { FileRoutesByTo } from "~/routeTree.gen.ts";

export const Route = createFileRoute("/app/admin/")({
  head: () => seo({ title: "Admin", noindex: true }),
  component: AdminHome,
});

interface AdminArea {
  to: keyof FileRoutesByTo;
  title: string;
  description: string;
  icon: LucideIcon;
}

/** The admin pages; each new one (users, credentials, billing, sessions) adds its entry here. */
const adminAreas: AdminArea[] = [
  {
    to: "/app/admin/credentials",
    title: "Platform credentials",
    description: "Portico's own OAuth apps and keys, used by organizations that bring none of their own.",
    icon: KeyRound,
  },
  {
    to: "/app/admin/outbox",
    title: "Mail outbox",
    description: "Mail kept on this instance while SMTP is not configured, such as invitation links.",
    icon: Inbox,
  },
  {
    to: "/app/admin/contact",
    title: "Contact messages",
    description: "Messages visitors sent through the contact form on the public site.",
    icon: MessageSquareText,
  },
  {
    to: "/app/admin/billing",
    title: "Billing",
    description: "Every organization's plan, status, usage and seats; set a plan by hand.",
    icon: WalletCards,
  },
];

function AdminHome() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Admin"
        description="Run this Portico instance: users, platform credentials, billing and mail."
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {adminAreas.map(({ to, title, description, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Card className="h-full transition-colors group-hover:border-primary/40">
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Icon className="size-4 text-primary" aria-hidden="true" />
                  {title}
                  <ChevronRight className="ml-auto size-4 text-muted-foreground" aria-hidden="true" />
                </CardTitle>
                <CardDescription>{description}</CardDescription>
              </CardHeader>
            </Card>
          </Link>
        ))}
      </div>
    </div>
  );
}
