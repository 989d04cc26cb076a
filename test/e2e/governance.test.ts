// Governance through the real UI (issue 37), at 1280 and 390 px: the policies page with a tool held
// for approval, the rule editor refusing a condition that is not valid CEL as it is typed (and saving
// once it is), and the approval inbox, where the owner approves a call an agent made over /mcp; the
// agent's retry with the approval's id then gets the tool's result.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signUpInto, test } from "./support/browser.ts";
import { hydrated, STEP_TIMEOUT, toastWith, visible } from "./support/page-helpers.ts";

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

for (const [width, height, label] of [
  [1280, 900, "desktop"],
  [390, 844, "phone"],
] as const) {
  test(`policies, rule editor and approval inbox at ${width} px`, { timeout: 180_000 }, async ({
    page,
    context,
    server,
  }) => {
    page.setDefaultTimeout(STEP_TIMEOUT);
    await page.setViewportSize({ width, height });
    const owner = newUser(`governance-${label}`);
    await signUpInto(context, server.baseUrl, owner);
    const http = new HttpClient(server.baseUrl);
    await http.signIn(owner);
    const organization = await http.mutate<{ id: string }>("organization.create", { name: "Govern Inc" });
    const project = await http.mutate<{ id: string }>("project.create", {
      organizationId: organization.id,
      name: "Careful bot",
    });
    await http.mutate("governance.setPolicy", {
      projectId: project.id,
      targetKind: "tool",
      target: "calculate",
      action: "approve",
      rules: [],
    });
    const { secret } = await http.mutate<{ secret: string }>("apiKeys.create", {
      projectId: project.id,
      name: "Agent",
    });
    const client = new Client({ name: "e2e-agent", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${secret}` } },
      }),
    );
    try {
      // Policies page: the tool held for approval, the rule editor validating as it is typed.
      await page.goto(`/app/project/${project.id}/policies`);
      await visible(page.getByRole("heading", { name: "Policies", level: 1 }));
      const row = page.getByTestId("policy-calculate");
      await visible(row.getByText("Reviewer approves").first());
      await screenshot(page, `governance-policies-${label}`);
      const edit = await hydrated(
        page.getByRole("button", { name: "Edit rules of get_current_time" }).locator("visible=true").first(),
      );
      await edit.click();
      const dialog = page.getByRole("dialog", { name: "Rules for get_current_time" });
      await dialog.getByRole("button", { name: "Add a rule" }).click();
      const condition = dialog.getByRole("textbox", { name: "When" });
      await condition.fill("args.timezone ==");
      await visible(dialog.getByText(/Expected|Unexpected/).first());
      expect(await condition.getAttribute("aria-invalid")).toBe("true");
      await screenshot(page, `governance-rule-error-${label}`);
      await dialog.getByRole("button", { name: "Save policy" }).click();
      await visible(dialog.getByRole("alert").getByText("Fix the rules marked above first."));
      await condition.fill('args.timezone == "Europe/Prague"');
      await visible(dialog.getByText("Valid condition"));
      await dialog.getByRole("button", { name: "Save policy" }).click();
      await toastWith(page, "Policy of get_current_time saved");
      await visible(
        page.getByTestId("policy-get_current_time").locator("text=1 rule >> visible=true").first(),
      );

      // The agent's call is held; the inbox shows it and the nav counts it.
      const held = await client.callTool({ name: "calculate", arguments: { expression: "19 * 21" } });
      const id = /Waiting for approval ([0-9a-f-]{36})/.exec(text(held))?.[1];
      expect(id).toBeTruthy();
      await page.goto(`/app/project/${project.id}/approvals`);
      const card = page.getByTestId(`approval-${id}`);
      await visible(card.getByText("Calculator — expression: 19 * 21").first());
      await visible(card.getByText('{"expression":"19 * 21"}'));
      await screenshot(page, `governance-inbox-${label}`);
      await (await hydrated(card.getByRole("button", { name: "Approve" }))).click();
      const decide = page.getByRole("dialog", { name: "Approve this call?" });
      await decide.getByRole("textbox", { name: "Reason (optional)" }).fill("Fine");
      await decide.getByRole("button", { name: "Approve" }).click();
      await toastWith(page, "Approved: the call runs now");
      await visible(page.getByText("Nothing waits for a decision"));
      const outcome = await client.callTool({ name: "calculate", arguments: { portico_approval_id: id } });
      expect(outcome.structuredContent).toEqual({ expression: "19 * 21", result: 399 });
    } finally {
      await client.close();
    }
  });
}
