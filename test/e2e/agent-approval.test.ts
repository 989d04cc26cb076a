// A Neo run whose step the project's policy holds for approval, on the run page at 1280 and 390 px
// (issue 37): the run shows "Waiting for approval" with the way to the inbox; once a reviewer approves,
// the page (still watching) shows the step's result and the run completed.
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signedInPage, test } from "./support/browser.ts";
import { serverWithLlmFake } from "./support/llm-server.ts";
import { hydrated, visible } from "./support/page-helpers.ts";

const OPENAI_KEY = "sk-e2e-openai-approval-000000042";
const FINAL = "19 times 21 is 399.";
const llm = serverWithLlmFake(OPENAI_KEY);

for (const [width, height, label] of [
  [1280, 900, "desktop"],
  [390, 844, "phone"],
] as const) {
  test(`a run waiting for approval, then approved, at ${width} px`, { timeout: 150_000 }, async ({
    browser,
  }) => {
    const { server, fake } = llm;
    const owner = new HttpClient(server.baseUrl);
    await owner.signUp(newUser(`approval-run-${label}`));
    const organization = await owner.mutate<{ id: string }>("organization.create", { name: `Held ${label}` });
    const project = await owner.mutate<{ id: string }>("project.create", {
      organizationId: organization.id,
      name: "Careful desk",
    });
    const credential = await owner.mutate<{ id: string }>("llmCredentials.saveOrganizationLlmCredential", {
      organizationId: organization.id,
      values: { llmType: "openai", name: "OpenAI", apiKey: OPENAI_KEY },
    });
    const { id: agentId } = await owner.mutate<{ id: string }>("projectAgents.addToProject", {
      projectId: project.id,
      presetId: "neo",
    });
    const { agent } = await owner.query<{ agent: Record<string, unknown> }>("projectAgents.getProjectAgent", {
      projectId: project.id,
      agentId,
    });
    await owner.mutate("projectAgents.updateConfig", {
      projectId: project.id,
      agentId,
      config: { ...agent, llmCredentialId: credential.id },
    });
    // The owner runs the agent and approves its step: a one-person project allows that.
    await owner.mutate("governance.setSettings", {
      projectId: project.id,
      protectWrites: true,
      allowSelfApproval: true,
    });
    await owner.mutate("governance.setPolicy", {
      projectId: project.id,
      targetKind: "tool",
      target: "calculate",
      action: "approve",
      rules: [],
    });

    const { context, page, errors } = await signedInPage(browser, server.baseUrl, owner, { width, height });
    try {
      await page.goto(`/app/project/${project.id}/agents/${agentId}/runs`);
      fake.script([
        { text: "Multiply 19 by 21." },
        { text: '{"servers":["standard"]}' },
        { text: "1. Multiply with calculate" },
        { toolCalls: [{ name: "calculate", args: { expression: "19 * 21" } }] },
        { text: FINAL },
      ]);
      const runButton = await hydrated(page.getByRole("button", { name: "Run agent" }));
      await page.getByLabel("Request", { exact: true }).fill("What is 19 times 21?");
      await runButton.click();
      const run = page.getByTestId("agent-run");
      await visible(run.getByText("Waiting for approval").first());
      const note = run.getByTestId("agent-waiting-approval");
      await visible(note.getByRole("link", { name: "Open the approval inbox" }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
        true,
      );
      await screenshot(page, `agent-approval-waiting-${label}`);

      const [approval] = await owner.query<{ id: string; agentRunId: string | null }[]>(
        "governance.getApprovals",
        {
          projectId: project.id,
          status: "pending",
        },
      );
      expect(approval?.agentRunId).toBeTruthy();
      await owner.mutate("governance.decide", {
        projectId: project.id,
        approvalId: approval?.id,
        decision: "approve",
      });
      await visible(run.getByText("Completed"));
      await visible(run.getByTestId("agent-answer").getByText(FINAL));
      await visible(run.getByTestId("agent-steps").getByText("1. calculate"));
      expect(await note.count()).toBe(0);
      await screenshot(page, `agent-approval-done-${label}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
