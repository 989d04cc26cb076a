import { createFileRoute } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/admin/")({
  head: () => seo({ title: "Admin", noindex: true }),
  component: AdminHome,
});

/** Sections of the admin home (for example the development mail outbox) are added to this list. */
const adminSections: ReactNode[] = [];

function AdminHome() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Admin"
        description="Run this Portico instance: users, platform credentials, billing and sessions."
      />
      {adminSections}
    </div>
  );
}
