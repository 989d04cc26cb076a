// The lists of requirements §3, quoted literally: a value added, dropped or renamed anywhere in the
// vocabulary fails here, whatever else derives from it. (Catalogue rules, credential shapes and plan
// figures have their own tests next to their code.)
import { describe, expect, it } from "vitest";
import { llmTypes, modelChoices, openAiModels } from "~/lib/agents/models.ts";
import { clientReferences } from "~/lib/client-setup/references.ts";
import {
  authFlowTypes,
  categories,
  connectionStatuses,
  credentialScopes,
  integrationIds,
  providerIds,
  sourceTypes,
} from "~/lib/integrations/types.ts";
import { billingIntervals, planIds } from "~/lib/plans.ts";
import { resolvedThemes, themePreferences } from "~/lib/theme.ts";
import { organizationRoles, projectRoles } from "~/lib/validation.ts";
import { subscriptionStatuses } from "~/server/billing/effective-plan.ts";
import { subscription } from "~/server/db/schema/billing.ts";
import { invitation, organizationMember } from "~/server/db/schema/organizations.ts";
import { projectMember } from "~/server/db/schema/projects.ts";

describe("requirements §3 vocabulary", () => {
  it("themes", () => {
    expect(themePreferences).toEqual(["light", "dark", "system"]);
    expect(resolvedThemes).toEqual(["light", "dark"]);
  });

  it("roles, in the code and in the database", () => {
    expect(organizationRoles).toEqual(["owner", "admin", "member"]);
    expect(organizationMember.role.enumValues).toEqual(["owner", "admin", "member"]);
    expect(projectRoles).toEqual(["viewer", "editor", "admin"]);
    expect(projectMember.role.enumValues).toEqual(["viewer", "editor", "admin"]);
  });

  it("invitation status", () => {
    expect(invitation.status.enumValues).toEqual(["pending", "accepted", "dismissed"]);
  });

  it("plans, subscription status and billing interval", () => {
    expect(planIds).toEqual(["free", "start", "business", "enterprise"]);
    expect(subscription.plan.enumValues).toEqual(["free", "start", "business", "enterprise"]);
    const statuses = ["active", "canceled", "past_due", "unpaid", "trialing"];
    expect(subscriptionStatuses).toEqual(statuses);
    expect(subscription.status.enumValues).toEqual(statuses);
    expect(billingIntervals).toEqual(["monthly", "annual"]);
    expect(subscription.interval.enumValues).toEqual(["monthly", "annual"]);
  });

  it("LLM credential types and the OpenAI models offered", () => {
    expect(llmTypes).toEqual(["openai", "anthropic", "google"]);
    const openai = [
      "gpt-4.1",
      "gpt-4.1-mini",
      "gpt-4.1-nano",
      "gpt-5",
      "gpt-5-mini",
      "gpt-5-nano",
      "o3-mini",
      "o4-mini",
    ];
    expect(modelChoices.openai).toEqual(openai);
    expect(openAiModels).toEqual(openai);
  });

  it("docs client references", () => {
    expect(clientReferences).toEqual([
      "claude-code",
      "claude-desktop",
      "cursor",
      "visual-studio-code",
      "typescript-sdk",
      "csharp-sdk",
      "python-sdk",
      "java-sdk",
      "openapi-rest",
      "openai-platform",
      "active-pieces",
      "microsoft-foundry",
      "n8n",
    ]);
  });

  it("integration ids and providers", () => {
    expect(integrationIds).toEqual([
      "gmail",
      "google-calendar",
      "google-drive",
      "jira",
      "confluence",
      "sharepoint",
      "outlook-email",
      "outlook-calendar",
      "hubspot",
      "salesforce",
      "raynet",
      "caflou",
      "monday",
      "pipedrive",
      "alveno",
      "attio",
      "surveymonkey",
      "brevo",
      "exa",
    ]);
    expect(providerIds).toEqual([
      "google",
      "atlassian",
      "microsoft",
      "hubspot",
      "salesforce",
      "raynet",
      "caflou",
      "monday",
      "pipedrive",
      "alveno",
      "attio",
      "openai",
      "surveymonkey",
      "brevo",
      "exa",
    ]);
  });

  it("source types, auth flows, credential scopes, connection statuses and categories", () => {
    expect(sourceTypes).toEqual(["openapi", "mcp"]);
    expect(authFlowTypes).toEqual(["oauth", "service-account", "api-token"]);
    expect(credentialScopes).toEqual(["global", "organization"]);
    expect(connectionStatuses).toEqual(["active", "inactive", "error", "pending"]);
    expect(categories).toEqual([
      "Sales & Marketing Tools",
      "Communication & Collaboration",
      "Project Management",
      "Cloud Storage",
      "Calendar & Scheduling",
      "Human Resources",
    ]);
  });
});
