// Where a run's result goes (issue 39): its answer e-mailed to the members a schedule or trigger names.
// Only members who can still see the project's agents receive it, so an answer never reaches someone
// who left. (Posting results to a webhook is the builder webhook event `agent.run.finished`.)
import { eq, inArray } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { projectRoleAllows } from "../../lib/permissions.ts";
import type { App } from "../app-services.ts";
import { agentRun, projectAgent, user } from "../db/schema/index.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import { findProjectAccess, requireProjectAction } from "../projects/access.ts";
import { getOrganizationMembersWithProjectAccess } from "../projects/permissions.ts";

const statusWords: Record<string, string> = {
  completed: "finished",
  failed: "failed",
  max_steps: "stopped at its step limit",
  needs_input: "needs an answer",
};

export async function deliverRunResult(
  app: App,
  { runId, deliverTo }: { runId: string; deliverTo: string[] },
) {
  if (deliverTo.length === 0) return;
  const [row] = await app.db
    .select({ run: agentRun, agentName: projectAgent.name })
    .from(agentRun)
    .innerJoin(projectAgent, eq(projectAgent.id, agentRun.agentId))
    .where(eq(agentRun.id, runId));
  if (!row) return;
  const { run, agentName } = row;
  const members = await app.db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.id, deliverTo));
  const link = new URL(
    `/app/project/${encodeURIComponent(run.projectId)}/agents/${encodeURIComponent(run.agentId)}/runs?run=${encodeURIComponent(run.id)}`,
    app.config.baseUrl,
  ).toString();
  const outcome = statusWords[run.status] ?? run.status;
  const body = run.answer ?? run.error ?? "The run left no answer.";
  for (const member of members) {
    const access = await findProjectAccess(app.db, run.projectId, member.id);
    if (!access || !projectRoleAllows(access.role, "agents.view")) continue;
    await app.mailer.send({
      to: member.email,
      subject: `${agentName} ${outcome}: ${run.request.split("\n")[0]?.slice(0, 80) ?? ""}`,
      text: `${body}\n\nThe whole run: ${link}`,
      html: `<p style="white-space:pre-wrap">${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">The whole run</a></p>`,
    });
  }
}

export const RECIPIENT_NOT_MEMBER = "Choose members of this project who can see its agents";

/** The recipients a schedule or trigger names: each must see the project's agents now. */
export async function requireRecipients(app: App, projectId: string, userIds: string[]): Promise<string[]> {
  const unique = [...new Set(userIds)];
  for (const userId of unique) {
    const access = await findProjectAccess(app.db, projectId, userId);
    if (!access || !projectRoleAllows(access.role, "agents.view"))
      throw new AppError("BAD_REQUEST", RECIPIENT_NOT_MEMBER);
  }
  return unique;
}

/** The members a schedule's or trigger's answers may be e-mailed to: those who see the project's agents. */
export async function listRecipientChoices(app: App, userId: string, projectId: string) {
  const access = await requireProjectAction(app.db, userId, projectId, "agents.view");
  const members = await getOrganizationMembersWithProjectAccess(
    app.db,
    userId,
    access.project.organizationId,
    projectId,
  );
  return members
    .filter((member) => member.effectiveRole && projectRoleAllows(member.effectiveRole, "agents.view"))
    .map(({ userId: id, name, email }) => ({ userId: id, name, email }));
}
