// A project's tool policies (issue 37): Protect writes, a policy per tool and per server, rules on the
// arguments in CEL. Which policy or rule decided a call is in the call log's details.
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Shield } from "lucide-react";
import { GovernanceSettingsCard } from "~/components/governance/governance-settings-card.tsx";
import { fallbackText, PoliciesTable, type PolicyTarget } from "~/components/governance/policies-table.tsx";
import { ReviewersCard } from "~/components/governance/reviewers-card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { SectionCard } from "~/components/ui/section-card.tsx";
import { SkeletonRows } from "~/components/ui/skeleton.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/project/$projectId/policies")({
  head: () => seo({ title: "Policies · Portico", noindex: true }),
  component: PoliciesPage,
});

function PoliciesPage() {
  const { projectId } = Route.useParams();
  const { trpc } = Route.useRouteContext();
  const { data: project } = useSuspenseQuery(trpc.project.getById.queryOptions({ projectId }));
  const policies = useQuery(trpc.governance.getPolicies.queryOptions({ projectId }));
  const canManage = project.permissions["policies.manage"];

  if (policies.error) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title="Policies" />
        <ErrorText message={`The policies could not be loaded: ${policies.error.message}`} />
      </div>
    );
  }
  const data = policies.data;
  const policyOf = (kind: "tool" | "server", target: string) => {
    const found = data?.policies.find((policy) => policy.targetKind === kind && policy.target === target);
    return found ? { action: found.action, rules: found.rules } : null;
  };
  const serverTargets: PolicyTarget[] = (data?.servers ?? []).map((server) => ({
    targetKind: "server",
    target: server.id,
    label: server.name,
    detail: "Every tool of this server without a policy of its own",
    fallback: "per tool",
    policy: policyOf("server", server.id),
  }));
  const toolTargets: PolicyTarget[] = (data?.tools ?? []).map((tool) => {
    const server = tool.serverId ? policyOf("server", tool.serverId) : null;
    return {
      targetKind: "tool",
      target: tool.name,
      label: tool.name,
      detail: `${tool.serverName === "standard" ? "Standard tool" : tool.serverName} · ${tool.readOnly ? "reads" : tool.writes ? "writes (destructive)" : "writes"}`,
      fallback: server ? `server's (${fallbackText(server.action)})` : fallbackText(tool.defaultAction),
      policy: policyOf("tool", tool.name),
    };
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Policies"
        description={`What ${project.name}'s tools may do without a person: allow, the caller confirms, a reviewer approves, or deny.`}
      />
      {data ? (
        <GovernanceSettingsCard
          projectId={projectId}
          protectWrites={data.protectWrites}
          allowSelfApproval={data.allowSelfApproval}
          canManage={canManage}
        />
      ) : null}
      <ReviewersCard projectId={projectId} canManage={canManage} />
      {serverTargets.length ? (
        <SectionCard
          title="Servers"
          description="A server's policy applies to each of its tools that has none of its own."
        >
          <PoliciesTable
            projectId={projectId}
            caption="Server policies"
            targets={serverTargets}
            canManage={canManage}
          />
        </SectionCard>
      ) : null}
      <SectionCard
        title="Tools"
        description="A tool's own policy comes first; its rules are tried in order, and the first that holds decides."
      >
        {policies.isPending ? (
          <SkeletonRows label="Loading policies" />
        ) : toolTargets.length === 0 ? (
          <EmptyState
            icon={Shield}
            title="No tools yet"
            description="Add a server to the project: its tools appear here."
          />
        ) : (
          <PoliciesTable
            projectId={projectId}
            caption="Tool policies"
            targets={toolTargets}
            canManage={canManage}
          />
        )}
      </SectionCard>
    </div>
  );
}
