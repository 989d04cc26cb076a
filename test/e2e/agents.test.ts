// The agents' acceptance path in Chromium against the production build, with a local fake of the
// OpenAI API: an LLM credential added (its validation messages shown), Neo added from the marketplace,
// configured on 'Configure Agent' (maxSteps' message shown), run from the app while its plan, steps and
// answer stream in (server-sent events from the server, the model's answer streamed by the fake), a
// past run replayed step by step, then called as a tool of the project's /mcp with the SDK client.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signedInPage, test } from "./support/browser.ts";
import { serverWithLlmFake } from "./support/llm-server.ts";
import { hydrated, toastWith, visible, waitForPath } from "./support/page-helpers.ts";

const OPENAI_KEY = "sk-e2e-openai-0000000042";

const llm = serverWithLlmFake(OPENAI_KEY);

/** A run over the standard tools: two tool steps, the last model turns slow enough to watch. */
const scriptedRun = (answer: string, slowMs: number) => [
  { text: "Work out a price with VAT and say what time it is." },
  { text: '{"servers":["standard"]}' },
  // The plan streams too: its first line shows before the rest is written.
  {
    text: "1. Compute the price with calculate\n2. Read the time with get_current_time",
    pieceDelayMs: slowMs,
  },
  { toolCalls: [{ name: "calculate", args: { expression: "1250 * 1.21" } }] },
  { toolCalls: [{ name: "get_current_time", args: { timezone: "Europe/Prague" } }], delayMs: slowMs },
  // The answer streams in three pieces, a pause between them.
  { text: answer, delayMs: slowMs, pieceDelayMs: slowMs },
];

test("add Neo from the marketplace, configure it, watch a run, call it over /mcp", {
  timeout: 180_000,
}, async ({ browser }) => {
  const { server: own, fake } = llm;
  const owner = new HttpClient(own.baseUrl);
  await owner.signUp(newUser("agents-owner"));
  const organization = await owner.mutate<{ id: string }>("organization.create", { name: "Agents Org" });
  const project = await owner.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Sales desk",
  });
  const key = await owner.mutate<{ secret: string }>("apiKeys.create", {
    projectId: project.id,
    name: "Claude",
  });

  const { context, page, errors } = await signedInPage(browser, own.baseUrl, owner);
  // How the run page learns of the run: the tRPC calls it makes.
  const trpcCalls: { url: string; accept: string | undefined }[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/trpc/"))
      trpcCalls.push({ url: request.url(), accept: request.headers().accept });
  });

  // An LLM credential, with requirements §5's messages inline.
  await page.goto(`/app/organization/${organization.id}/llm-credentials`);
  await visible(page.getByRole("heading", { name: "No LLM credentials yet" }));
  await (await hydrated(page.getByRole("button", { name: "Add LLM credential" }).first())).click();
  const dialog = page.getByRole("dialog", { name: "Add LLM credential" });
  await dialog.getByLabel("Name").fill("OpenAI production");
  await dialog.getByRole("button", { name: "Save credential" }).click();
  await visible(dialog.getByText("OpenAI API key is required"));
  await dialog.getByLabel("API key").fill("pk-not-openai");
  await dialog.getByRole("button", { name: "Save credential" }).click();
  await visible(dialog.getByText("Invalid API key format. Must start with 'sk-'"));
  await dialog.getByLabel("API key").fill("sk-wrong-key-0000000000");
  await dialog.getByRole("button", { name: "Save credential" }).click();
  await visible(dialog.getByRole("alert").getByText(/OpenAI rejected the API key \(HTTP 401\)/));
  await dialog.getByLabel("API key").fill(OPENAI_KEY);
  await dialog.getByRole("button", { name: "Save credential" }).click();
  await toastWith(page, 'LLM credential "OpenAI production" saved');
  await visible(page.getByText("Not used by any agent"));

  // Neo from the marketplace.
  await page.goto("/app/marketplace");
  const neoCard = page.getByTestId("marketplace-agent-neo");
  await visible(page.getByTestId("marketplace-agent-pipeline-review").getByText("A CRM"));
  await screenshot(page, "agents-01-marketplace");
  await (await hydrated(neoCard.getByRole("button", { name: "Add to project" }))).click();
  await page
    .getByRole("dialog", { name: "Add Neo to a project" })
    .getByRole("button", { name: "Add agent" })
    .click();
  await waitForPath(page, /^\/app\/project\/[^/]+\/agents\/[^/]+$/);
  await visible(page.getByRole("heading", { name: "Configure Agent" }));

  // Configure: the only credential is already chosen; requirements §5's defaults; maxSteps validated inline.
  const form = page.getByRole("form", { name: "Agent configuration" });
  // The app's own selects (Radix: a button showing the choice), not native <select>s.
  expect(await form.getByLabel("LLM credential").textContent()).toBe("OpenAI production (OpenAI)");
  expect(await form.getByLabel("Executor").textContent()).toBe("gpt-4.1");
  expect(await form.getByLabel("Planner").textContent()).toBe("gpt-4.1-mini");
  expect(
    await form
      .locator('select:not([aria-hidden="true"]), input[type=checkbox]:not([aria-hidden="true"])')
      .count(),
  ).toBe(0);
  expect(await form.getByLabel("Max steps").inputValue()).toBe("30");
  const maxSteps = await hydrated(form.getByLabel("Max steps"));
  await maxSteps.fill("0");
  await form.getByRole("button", { name: "Save configuration" }).click();
  await visible(form.getByText("Max steps must be a whole number from 1 to 100"));
  await maxSteps.fill("5");
  await form.getByLabel("Executor").click();
  await page.getByRole("option", { name: "gpt-4.1-mini", exact: true }).click();
  expect(await form.getByLabel("Executor").textContent()).toBe("gpt-4.1-mini");
  await form.getByRole("button", { name: "Save configuration" }).click();
  await toastWith(page, 'Agent "Neo" saved');
  await screenshot(page, "agents-02-configure");

  // A run from the app: the plan and the first step are on the page before the answer is.
  await page.getByRole("link", { name: "Runs" }).click();
  await waitForPath(page, /\/runs$/);
  const runButton = await hydrated(page.getByRole("button", { name: "Run agent" }));
  await runButton.click();
  await visible(page.getByText("Describe what the agent should do"));
  fake.script(scriptedRun("The price with VAT is 1512.5, and it is morning in Prague.", 1500));
  await page
    .getByLabel("Request", { exact: true })
    .fill("What is 1250 plus VAT, and what time is it in Prague?");
  await runButton.click();
  const run = page.getByTestId("agent-run");
  const watchedFrom = trpcCalls.length;
  await visible(run.getByTestId("agent-draft-plan"));
  expect(await run.getByTestId("agent-plan").count()).toBe(0);
  await screenshot(page, "agents-03a-plan-streaming");
  await visible(run.getByTestId("agent-plan").getByText("Compute the price with calculate"));
  await visible(run.getByTestId("agent-steps").getByText("1. calculate"));
  expect(await run.getByTestId("agent-answer").count()).toBe(0);
  expect(await run.getAttribute("aria-busy")).toBe("true");
  await screenshot(page, "agents-03-run-in-progress");
  // The answer appears while the model writes it: a first piece, before the run is stored as done.
  const draft = run.getByTestId("agent-draft-answer");
  await visible(draft);
  const firstPiece = await draft.textContent();
  expect(firstPiece?.length).toBeGreaterThan(0);
  expect("The price with VAT is 1512.5, and it is morning in Prague.".startsWith(String(firstPiece))).toBe(
    true,
  );
  expect(firstPiece).not.toBe("The price with VAT is 1512.5, and it is morning in Prague.");
  expect(await run.getByTestId("agent-answer").count()).toBe(0);
  await screenshot(page, "agents-03b-answer-streaming");
  await visible(run.getByTestId("agent-answer").getByText("The price with VAT is 1512.5"));
  await visible(run.getByTestId("agent-steps").getByText("2. get_current_time"));
  await visible(run.getByText("Completed"));
  await visible(run.getByText("1512.5").first());
  await screenshot(page, "agents-04-run-done");
  // Pushed, not polled: one server-sent event stream for the run, and no repeated getRun reads.
  const during = trpcCalls.slice(watchedFrom);
  const streams = during.filter((call) => call.url.includes("projectAgents.watchRun"));
  expect(streams.length).toBeGreaterThanOrEqual(1);
  expect(streams[0]?.accept).toContain("text/event-stream");
  expect(during.filter((call) => call.url.includes("projectAgents.getRun")).length).toBeLessThanOrEqual(1);

  // The finished run, replayed one step at a time.
  await run.getByRole("button", { name: "Replay step by step" }).click();
  const replay = run.getByRole("group", { name: "Replay" });
  await visible(replay.getByText("Step 1 of 2"));
  expect(await run.getByTestId("agent-steps").getByRole("listitem").count()).toBe(1);
  expect(await run.getByTestId("agent-answer").count()).toBe(0);
  await replay.getByRole("button", { name: "Next step" }).click();
  await visible(replay.getByText("Step 2 of 2"));
  await visible(run.getByTestId("agent-steps").getByText("2. get_current_time"));
  await visible(run.getByTestId("agent-answer"));
  await replay.getByRole("button", { name: "Previous step" }).click();
  await visible(replay.getByText("Step 1 of 2"));
  await screenshot(page, "agents-05-replay");
  await replay.getByRole("button", { name: "Show all" }).click();
  expect(await run.getByTestId("agent-steps").getByRole("listitem").count()).toBe(2);

  // The same agent as a tool of the project's MCP server.
  const mcp = new Client({ name: "e2e-agent-client", version: "1.0.0" });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${own.baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key.secret}` } },
    }),
  );
  const { tools } = await mcp.listTools();
  expect(tools.map((tool) => tool.name)).toContain("agent_neo");
  fake.script(scriptedRun("1512.5 with VAT; it is 10:00 in Prague.", 0));
  // Asking for progress: the answer comes as a stream of Neo's stages, then the result.
  const progress: string[] = [];
  const result = await mcp.callTool(
    {
      name: "agent_neo",
      arguments: { request: "What is 1250 plus VAT, and what time is it in Prague?" },
    },
    undefined,
    { onprogress: (notification) => progress.push(String(notification.message)) },
  );
  expect(result.isError).toBeFalsy();
  expect(progress).toEqual([
    "Understanding the request",
    "Choosing servers",
    "Planning",
    "Carrying out the plan",
    "Step 1: calculate",
    "Step 2: get_current_time",
  ]);
  expect(result.structuredContent).toMatchObject({
    status: "completed",
    answer: "1512.5 with VAT; it is 10:00 in Prague.",
  });
  await mcp.close();
  // The executor asked for the model chosen on the form.
  expect(fake.calls().at(-1)?.body.model).toBe("gpt-4.1-mini");

  // Both runs are listed on the runs page.
  await page.reload();
  await visible(page.getByRole("list", { name: "Past runs" }));
  expect(await page.getByRole("list", { name: "Past runs" }).getByRole("listitem").count()).toBe(2);
  expect(errors).toEqual([]);
  await context.close();
});
