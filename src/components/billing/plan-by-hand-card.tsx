// The billing page's plan section when Stripe is not configured (a self-hosted instance): a site
// administrator changes the plan here, after a confirmation; anyone else is told who can, by name and
// address. Before, the page only said "a site administrator sets the plan" and offered nothing.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeading } from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { formatLimit, type PlanId, plans } from "~/lib/plans.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { PlanSelect } from "./plan-select.tsx";

interface Props {
  organizationId: string;
  organizationName: string;
  plan: PlanId;
  planByHand: { canSetPlan: boolean; siteAdmins: { name: string; email: string }[] };
  onChanged: () => Promise<unknown>;
}

const limitsLine = (plan: PlanId) => {
  const { seats, projects, monthlyRequests } = plans[plan].limits;
  return `${formatLimit(seats)} seats · ${formatLimit(projects)} projects · ${formatLimit(monthlyRequests)} requests a month`;
};

export function PlanByHandCard({ organizationId, organizationName, plan, planByHand, onChanged }: Props) {
  const trpc = useTRPC();
  const setPlan = useMutation(trpc.admin.setOrganizationPlan.mutationOptions());
  const [chosen, setChosen] = useState<PlanId>(plan);

  if (!planByHand.canSetPlan) {
    const { siteAdmins } = planByHand;
    return (
      <Card data-testid="plan-by-hand">
        <CardHeading
          title="Change plan"
          description={
            <>
              This server does not bill through Stripe, so its site administrators set each organization's
              plan.
              {siteAdmins.length ? " Ask one of them to change it:" : null}
            </>
          }
        />
        {siteAdmins.length ? (
          <CardContent className="pt-4">
            <ul className="flex flex-col gap-1 text-sm">
              {siteAdmins.map((admin) => (
                <li key={admin.email}>
                  {admin.name}{" "}
                  <a className="text-primary underline underline-offset-2" href={`mailto:${admin.email}`}>
                    {admin.email}
                  </a>
                </li>
              ))}
            </ul>
          </CardContent>
        ) : null}
      </Card>
    );
  }

  return (
    <Card data-testid="plan-by-hand">
      <CardHeading
        title="Change plan"
        description="This server does not bill through Stripe. As a site administrator you set the plan here; it applies at once, counted in calendar months, and nobody is charged."
      />
      <CardContent className="flex flex-col gap-4 pt-4 sm:flex-row sm:items-end">
        <FormField label="Plan" className="sm:w-56">
          <PlanSelect value={chosen} onValueChange={setChosen} label="Plan" />
        </FormField>
        <p className="text-sm text-muted-foreground sm:pb-2">{limitsLine(chosen)}</p>
        <ConfirmDialog
          trigger={
            <Button className="sm:ml-auto" disabled={chosen === plan}>
              {chosen === plan ? "Current plan" : `Move to ${plans[chosen].name}`}
            </Button>
          }
          title="Change plan"
          verb="move"
          subject={`${organizationName} from ${plans[plan].name} to ${plans[chosen].name}`}
          description={`Its limits become: ${limitsLine(chosen)}. Members and projects beyond a lower plan's limits stay; adding more is refused.`}
          confirmLabel="Change plan"
          onConfirm={async () => {
            await setPlan.mutateAsync({ organizationId, plan: chosen, interval: "monthly" });
            await onChanged();
            toast.success(`${organizationName} is on ${plans[chosen].name}`);
          }}
        />
      </CardContent>
    </Card>
  );
}
