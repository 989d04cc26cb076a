// A project's governance: Protect writes, self-approval, and the policies on its tools and servers
// (allow, confirm, approve, deny, with CEL rules on the call's arguments).
import { z } from "zod";
import { MAX_RULE_LENGTH } from "../../../lib/governance/rule-language.ts";
import type { App } from "../../app-services.ts";
import { policyActions } from "../../db/schema/governance.ts";
import { listPolicies, removePolicy, setGovernanceSettings, setPolicy } from "../../governance/policies.ts";
import type { ManageApi } from "../manage-env.ts";
import { familyOperations, json, jsonBody } from "../operation.ts";
import { projectPath } from "./projects.ts";

const ruleSchema = z
  .object({
    /** A CEL condition on `args` and `caller`, e.g. `args.amount > 10000`. */
    when: z.string().trim().min(1, "Write a condition").max(MAX_RULE_LENGTH),
    action: z.enum(policyActions),
  })
  .meta({ id: "PolicyRule" });

const policySchema = z
  .object({
    targetKind: z.enum(["tool", "server"]),
    /** A tool's name on /mcp, or a server's id. */
    target: z.string(),
    action: z.enum(policyActions),
    rules: z.array(ruleSchema),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Policy" });

const governanceSchema = z
  .object({
    protectWrites: z.boolean(),
    allowSelfApproval: z.boolean(),
    policies: z.array(policySchema),
  })
  .meta({ id: "Governance" });

const targetPath = projectPath.extend({
  targetKind: z.enum(["tool", "server"]),
  target: z.string().trim().min(1).max(128),
});

const policyOperation = familyOperations("policies", "Policies");

export function registerPolicyRoutes(api: ManageApi, app: App) {
  const governanceOf = async (
    userId: string,
    projectId: string,
  ): Promise<z.infer<typeof governanceSchema>> => {
    const listed = await listPolicies(app, userId, projectId);
    return {
      protectWrites: listed.protectWrites,
      allowSelfApproval: listed.allowSelfApproval,
      policies: listed.policies.map((policy) => ({
        targetKind: policy.targetKind,
        target: policy.target,
        action: policy.action,
        rules: policy.rules,
        updatedAt: policy.updatedAt.toISOString(),
      })),
    };
  };

  api.openapi(
    policyOperation("read", {
      method: "get",
      path: "/projects/{projectId}/governance",
      operationId: "getGovernance",
      summary: "A project's governance settings and policies",
      request: { params: projectPath },
      responses: { 200: json(governanceSchema, "Settings and every policy set.") },
    }),
    async (c) =>
      c.json(await governanceOf(c.var.caller.createdByUserId, c.req.valid("param").projectId), 200),
  );

  api.openapi(
    policyOperation("write", {
      method: "patch",
      path: "/projects/{projectId}/governance",
      operationId: "updateGovernance",
      summary: "Turn Protect writes or self-approval on or off",
      request: {
        params: projectPath,
        body: jsonBody(
          z
            .object({ protectWrites: z.boolean(), allowSelfApproval: z.boolean() })
            .meta({ id: "GovernanceUpdate" }),
        ),
      },
      responses: { 200: json(governanceSchema, "Settings and policies as they are now.") },
    }),
    async (c) => {
      const userId = c.var.caller.createdByUserId;
      const { projectId } = c.req.valid("param");
      await setGovernanceSettings(app, userId, projectId, c.req.valid("json"));
      return c.json(await governanceOf(userId, projectId), 200);
    },
  );

  api.openapi(
    policyOperation("write", {
      method: "put",
      path: "/projects/{projectId}/policies/{targetKind}/{target}",
      operationId: "setPolicy",
      summary: "Set the policy of a tool or a server",
      description: "Rules are CEL conditions checked in order; the first that holds decides, else `action`.",
      request: {
        params: targetPath,
        body: jsonBody(
          z
            .object({ action: z.enum(policyActions), rules: z.array(ruleSchema).max(20).default([]) })
            .meta({ id: "PolicySet" }),
        ),
      },
      responses: { 200: json(governanceSchema, "Settings and policies as they are now.") },
    }),
    async (c) => {
      const userId = c.var.caller.createdByUserId;
      const { projectId, targetKind, target } = c.req.valid("param");
      await setPolicy(app, userId, projectId, { targetKind, target, ...c.req.valid("json") });
      return c.json(await governanceOf(userId, projectId), 200);
    },
  );

  api.openapi(
    policyOperation("write", {
      method: "delete",
      path: "/projects/{projectId}/policies/{targetKind}/{target}",
      operationId: "removePolicy",
      summary: "Remove a policy: the tool's default applies again",
      request: { params: targetPath },
      responses: { 204: { description: "Removed." } },
    }),
    async (c) => {
      const { projectId, targetKind, target } = c.req.valid("param");
      await removePolicy(app, c.var.caller.createdByUserId, projectId, targetKind, target);
      return c.body(null, 204);
    },
  );
}
