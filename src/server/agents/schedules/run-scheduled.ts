// One slot of a schedule, as the job queue hands it over: the agent runs the stored request as the
// member who set the schedule (their personal connections), channel "schedule". A member who can no
// longer run the project's agents (left the organization or the project, or lost the role) stops the
// schedule instead, and the organization's owners are told why.
import { and, eq } from "drizzle-orm";
import { projectRoleAllows } from "../../../lib/permissions.ts";
import type { App } from "../../app-services.ts";
import {
  agentSchedule,
  organization,
  organizationMember,
  project,
  projectAgent,
  user,
} from "../../db/schema/index.ts";
import { personPrincipal } from "../../gateway/auth/principal.ts";
import { escapeHtml } from "../../mail/escape-html.ts";
import { reportError } from "../../observability/report-error.ts";
import { findProjectAccess } from "../../projects/access.ts";
import { deliverRunResult } from "../deliver-result.ts";
import { runNeo } from "../neo/run-neo.ts";
import type { ScheduledJob } from "./job-queue.ts";

export async function runScheduledSlot(app: App, { scheduleId }: ScheduledJob): Promise<void> {
  const [row] = await app.db
    .select({ schedule: agentSchedule, agent: projectAgent })
    .from(agentSchedule)
    .innerJoin(projectAgent, eq(projectAgent.id, agentSchedule.agentId))
    .where(eq(agentSchedule.id, scheduleId));
  // Deleted or paused since the slot was sent: nothing to do.
  if (!row?.schedule.enabled) return;
  const { schedule, agent } = row;
  const access = await findProjectAccess(app.db, schedule.projectId, schedule.createdBy);
  if (!access || !projectRoleAllows(access.role, "agents.run")) {
    await stopSchedule(app, schedule, agent.name);
    return;
  }
  await app.db.update(agentSchedule).set({ lastRunAt: new Date() }).where(eq(agentSchedule.id, scheduleId));
  const principal = personPrincipal({
    projectId: agent.projectId,
    organizationId: access.project.organizationId,
    userId: schedule.createdBy,
    callerName: `Schedule of ${agent.name}`,
  });
  await runNeo(app, {
    agent,
    principal,
    request: schedule.request,
    channel: "schedule",
    scheduleId,
    userId: schedule.createdBy,
  })
    .then((result) => deliverRunResult(app, { runId: result.runId, deliverTo: schedule.deliverTo }))
    .catch((error: unknown) => reportError(error, { where: "scheduled-agent-run" }));
}

export const scheduleStoppedReason = (memberName: string) =>
  `${memberName} can no longer run this project's agents, and the schedule ran as them.`;

async function stopSchedule(
  app: App,
  schedule: typeof agentSchedule.$inferSelect,
  agentName: string,
): Promise<void> {
  const [member] = await app.db.select({ name: user.name }).from(user).where(eq(user.id, schedule.createdBy));
  const reason = scheduleStoppedReason(member?.name ?? "The member who set it");
  const [stopped] = await app.db
    .update(agentSchedule)
    .set({ enabled: false, stoppedReason: reason, updatedAt: new Date() })
    .where(and(eq(agentSchedule.id, schedule.id), eq(agentSchedule.enabled, true)))
    .returning({ id: agentSchedule.id });
  await app.agentSchedules.queue.setSchedule(schedule.id, null);
  // Another replica stopped it first and told the owners.
  if (!stopped) return;
  const owners = await app.db
    .select({ email: user.email, organizationName: organization.name, organizationId: organization.id })
    .from(organizationMember)
    .innerJoin(user, eq(user.id, organizationMember.userId))
    .innerJoin(organization, eq(organization.id, organizationMember.organizationId))
    .innerJoin(project, eq(project.organizationId, organization.id))
    .where(and(eq(project.id, schedule.projectId), eq(organizationMember.role, "owner")));
  const link = new URL(
    `/app/project/${encodeURIComponent(schedule.projectId)}/agents/${encodeURIComponent(schedule.agentId)}`,
    app.config.baseUrl,
  ).toString();
  for (const owner of owners) {
    const subject = `A schedule of ${agentName} stopped in ${owner.organizationName}`;
    const text = `${reason}\n\nThe agent no longer runs on it. Someone who can run agents in the project can set a new schedule: ${link}`;
    await app.mailer.send({
      to: owner.email,
      subject,
      text,
      html: `<p>${escapeHtml(reason)}</p><p>The agent no longer runs on it. Someone who can run agents in the project can set a new schedule: <a href="${escapeHtml(link)}">${escapeHtml(agentName)}</a></p>`,
    });
  }
}
