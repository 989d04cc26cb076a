// Governance (issue 37): tool policies and Protect writes per project, the approval inbox.
import { z } from "zod";
import { MAX_RULE_LENGTH } from "../../../lib/governance/rule-language.ts";
import { idField } from "../../../lib/validation.ts";
import { approvalStatuses, policyActions } from "../../db/schema/governance.ts";
import { decideApproval, listApprovals, pendingApprovalCount } from "../../governance/approvals.ts";
import { listPolicies, removePolicy, setGovernanceSettings, setPolicy } from "../../governance/policies.ts";
import { addReviewer, listReviewers, removeReviewer } from "../../governance/reviewers.ts";
import { projectProcedure, projectQuery, router } from "../init.ts";
import { byProject } from "../inputs.ts";

const target = {
  targetKind: z.enum(["tool", "server"]),
  target: z.string().trim().min(1, "Choose a tool or server").max(128),
};
const rule = z.object({
  when: z.string().trim().min(1, "Write a condition").max(MAX_RULE_LENGTH),
  action: z.enum(policyActions),
});

export const governanceRouter = router({
  getPolicies: projectQuery("project.view", listPolicies),
  setPolicy: projectProcedure(
    "policies.manage",
    byProject.extend({ ...target, action: z.enum(policyActions), rules: z.array(rule).max(20) }),
  ).mutation(({ ctx, input }) => setPolicy(ctx.app, ctx.user.id, input.projectId, input)),
  removePolicy: projectProcedure("policies.manage", byProject.extend(target)).mutation(({ ctx, input }) =>
    removePolicy(ctx.app, ctx.user.id, input.projectId, input.targetKind, input.target),
  ),
  setSettings: projectProcedure(
    "policies.manage",
    byProject.extend({ protectWrites: z.boolean(), allowSelfApproval: z.boolean() }),
  ).mutation(({ ctx, input }) => setGovernanceSettings(ctx.app, ctx.user.id, input.projectId, input)),
  getReviewers: projectQuery("project.view", listReviewers),
  addReviewer: projectProcedure("policies.manage", byProject.extend({ userId: idField })).mutation(
    ({ ctx, input }) => addReviewer(ctx.app, ctx.user.id, input.projectId, input.userId),
  ),
  removeReviewer: projectProcedure("policies.manage", byProject.extend({ userId: idField })).mutation(
    ({ ctx, input }) => removeReviewer(ctx.app, ctx.user.id, input.projectId, input.userId),
  ),
  getApprovals: projectProcedure(
    "approvals.view",
    byProject.extend({
      status: z.enum(approvalStatuses).optional(),
      limit: z.number().int().min(1).max(200).default(100),
    }),
  ).query(({ ctx, input }) => listApprovals(ctx.app, ctx.user.id, input.projectId, input)),
  getPendingCount: projectQuery("approvals.view", pendingApprovalCount),
  decide: projectProcedure(
    "approvals.view",
    byProject.extend({
      approvalId: idField,
      decision: z.enum(["approve", "deny"]),
      reason: z.string().trim().max(500).optional(),
    }),
  ).mutation(({ ctx, input }) => decideApproval(ctx.app, ctx.user.id, input)),
});
