// Setting a project's tool policies and its Protect writes switch (editors and admins). Every change
// drops the project's tool cache on every replica (gateway.invalidateProject), which holds the policies.
import { and, eq } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { compileCondition } from "../../lib/governance/rule-language.ts";
import type { App } from "../app-services.ts";
import { recordProjectAuditEvent } from "../audit/record-audit-event.ts";
import {
  type PolicyAction,
  type PolicyRule,
  project,
  projectServer,
  toolPolicy,
} from "../db/schema/index.ts";
import { requireProjectAction } from "../projects/access.ts";
import { writesDestructively } from "./project-governance.ts";

export interface PolicyInput {
  targetKind: "tool" | "server";
  target: string;
  action: PolicyAction;
  rules: PolicyRule[];
}

/** The policies page: the switch, every tool with its default, every server, and the policies set. */
export async function listPolicies(app: App, userId: string, projectId: string) {
  const access = await requireProjectAction(app.db, userId, projectId, "project.view");
  const [tools, policies, servers] = await Promise.all([
    app.gateway.tools.toolsFor(projectId),
    app.db.select().from(toolPolicy).where(eq(toolPolicy.projectId, projectId)),
    app.db
      .select({ id: projectServer.id, name: projectServer.name })
      .from(projectServer)
      .where(eq(projectServer.projectId, projectId)),
  ]);
  const protectWrites = access.project.protectWrites;
  return {
    protectWrites,
    allowSelfApproval: access.project.allowSelfApproval,
    tools: tools.tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      serverId: tool.serverId,
      serverName: tool.serverName,
      writes: writesDestructively(tool.annotations),
      readOnly: tool.annotations.readOnlyHint === true,
      defaultAction: (protectWrites && writesDestructively(tool.annotations)
        ? "confirm"
        : "allow") as PolicyAction,
    })),
    servers,
    policies: policies.map((row) => ({
      id: row.id,
      targetKind: row.targetKind,
      target: row.target,
      action: row.action,
      rules: row.rules,
      updatedAt: row.updatedAt,
    })),
  };
}

/** Creates or replaces the policy of one tool or server; every rule must be valid CEL. */
export async function setPolicy(app: App, userId: string, projectId: string, input: PolicyInput) {
  const access = await requireProjectAction(app.db, userId, projectId, "policies.manage");
  input.rules.forEach((rule, index) => {
    const check = compileCondition(rule.when);
    if (!check.ok) throw new AppError("BAD_REQUEST", `Rule ${index + 1}: ${check.error}`);
  });
  if (input.targetKind === "server") {
    const [server] = await app.db
      .select({ id: projectServer.id })
      .from(projectServer)
      .where(and(eq(projectServer.id, input.target), eq(projectServer.projectId, projectId)));
    if (!server) throw new AppError("NOT_FOUND", "That server is not in this project.");
  }
  const rules = input.rules.map((rule) => ({ when: rule.when.trim(), action: rule.action }));
  await app.db.transaction(async (tx) => {
    await tx
      .insert(toolPolicy)
      .values({
        projectId,
        targetKind: input.targetKind,
        target: input.target,
        action: input.action,
        rules,
        updatedBy: userId,
      })
      .onConflictDoUpdate({
        target: [toolPolicy.projectId, toolPolicy.targetKind, toolPolicy.target],
        set: { action: input.action, rules, updatedBy: userId, updatedAt: new Date() },
      });
    await recordProjectAuditEvent(tx, access.project, {
      action: "tool_policy.changed",
      actorId: userId,
      target: {
        type: "tool_policy",
        id: `${input.targetKind}:${input.target}`,
        label: `${input.targetKind} ${input.target}`,
      },
      details: { action: input.action, rules: rules.length },
    });
  });
  await app.gateway.invalidateProject(projectId);
}

export async function removePolicy(
  app: App,
  userId: string,
  projectId: string,
  targetKind: "tool" | "server",
  target: string,
) {
  const access = await requireProjectAction(app.db, userId, projectId, "policies.manage");
  await app.db.transaction(async (tx) => {
    const removed = await tx
      .delete(toolPolicy)
      .where(
        and(
          eq(toolPolicy.projectId, projectId),
          eq(toolPolicy.targetKind, targetKind),
          eq(toolPolicy.target, target),
        ),
      )
      .returning({ id: toolPolicy.id });
    if (removed.length === 0) throw new AppError("NOT_FOUND", "There is no such policy in this project.");
    await recordProjectAuditEvent(tx, access.project, {
      action: "tool_policy.removed",
      actorId: userId,
      target: { type: "tool_policy", id: `${targetKind}:${target}`, label: `${targetKind} ${target}` },
    });
  });
  await app.gateway.invalidateProject(projectId);
}

export async function setGovernanceSettings(
  app: App,
  userId: string,
  projectId: string,
  settings: { protectWrites: boolean; allowSelfApproval: boolean },
) {
  const access = await requireProjectAction(app.db, userId, projectId, "policies.manage");
  await app.db.transaction(async (tx) => {
    await tx.update(project).set(settings).where(eq(project.id, projectId));
    await recordProjectAuditEvent(tx, access.project, {
      action: "project.protect_writes_changed",
      actorId: userId,
      target: { type: "project", id: projectId, label: access.project.name },
      details: settings,
    });
  });
  await app.gateway.invalidateProject(projectId);
}
