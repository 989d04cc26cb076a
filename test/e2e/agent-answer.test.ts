// Answering Neo's question on the run page, in Chromium against the production build with a local
// fake of the OpenAI API: a run started in the app stops to ask; at phone width the answer form checks
// its input in place, sends with Ctrl+Enter, and the page opens the run that goes on with the answer and
// streams its plan, steps and answer; the two runs link to each other, here and in the past runs list.
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signedInPage, test } from "./support/browser.ts";
import { serverWithLlmFake } from "./support/llm-server.ts";
import { hydrated, poll, visible } from "./support/page-helpers.ts";

const OPENAI_KEY = "sk-e2e-openai-answer-0000000042";
const QUESTION = "Which price should I add VAT to?";
const REQUEST = "Add VAT to the price";
const ANSWER = "The 1250 EUR one";
const FINAL = "The price with VAT is 1512.5 EUR.";

const llm = serverWithLlmFake(OPENAI_KEY);

test("answer Neo's question on the run page and watch the continued run", {
  timeout: 150_000,
}, async ({ browser }) => {
  const { server: own, fake } = llm;
  // An organization with an LLM credential and Neo configured to use it, set up over HTTP.
  const owner = new HttpClient(own.baseUrl);
  await owner.signUp(newUser("answer-owner"));
  const organization = await owner.mutate<{ id: string }>("organization.create", { name: "Answer Org" });
  const project = await owner.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Finance desk",
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

  const { context, page, errors } = await signedInPage(browser, own.baseUrl, owner, {
    width: 375,
    height: 844,
  });

  // A run from the app that stops to ask.
  await page.goto(`/app/project/${project.id}/agents/${agentId}/runs`);
  fake.script([{ text: `ASK: ${QUESTION}` }]);
  // Typed only once React owns the form: text typed into the server-rendered field may be lost.
  const runButton = await hydrated(page.getByRole("button", { name: "Run agent" }));
  await page.getByLabel("Request", { exact: true }).fill(REQUEST);
  await runButton.click();
  const run = page.getByTestId("agent-run");
  await visible(run.getByText("Needs input"));
  await visible(run.getByTestId("agent-answer").getByText(QUESTION));
  const askedId = new URL(page.url()).searchParams.get("run");
  expect(askedId).toBeTruthy();

  // The answer form: checked in place, then sent from the keyboard.
  const form = run.getByRole("form", { name: "Answer the agent" });
  await form.getByRole("button", { name: "Send answer" }).click();
  await visible(form.getByRole("alert").getByText("Write an answer to the agent's question"));
  await screenshot(page, "agent-answer-01-question");
  const textarea = form.getByLabel("Your answer");
  expect(await textarea.getAttribute("aria-invalid")).toBe("true");
  fake.script([
    { text: "Add VAT to 1250 EUR." },
    { text: '{"servers":["standard"]}' },
    { text: "1. Compute the price with calculate", pieceDelayMs: 600 },
    { toolCalls: [{ name: "calculate", args: { expression: "1250 * 1.21" } }], delayMs: 600 },
    { text: FINAL, delayMs: 600, pieceDelayMs: 600 },
  ]);
  const intentCall = fake.calls().length;
  await textarea.fill(ANSWER);
  await textarea.press("Control+Enter");

  // The page opens the continued run and streams it: the earlier question and the answer above its plan.
  await page.waitForURL((url) => {
    const shown = url.searchParams.get("run");
    return Boolean(shown) && shown !== askedId;
  });
  const continuedId = new URL(page.url()).searchParams.get("run") ?? "";
  const earlier = run.getByTestId("agent-earlier-question");
  await visible(earlier.getByText(QUESTION));
  await visible(earlier.getByTestId("agent-clarification").getByText(ANSWER));
  expect(await run.getAttribute("aria-busy")).toBe("true");
  await visible(run.getByTestId("agent-plan").getByText("Compute the price with calculate"));
  await visible(run.getByTestId("agent-steps").getByText("1. calculate"));
  await screenshot(page, "agent-answer-02-continued-running");
  await visible(run.getByTestId("agent-answer").getByText(FINAL));
  await visible(run.getByText("Completed"));
  // The model was given the person's answer with the original request.
  expect(JSON.stringify(fake.calls()[intentCall]?.body)).toContain(
    `${REQUEST}\\n\\nClarification from the user: ${ANSWER}`,
  );
  // Nothing scrolls sideways at phone width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await screenshot(page, "agent-answer-03-continued-done");

  // The past runs list links the two; the asking run links to its continuation and takes no second answer.
  const pastRuns = page.getByRole("list", { name: "Past runs" });
  await visible(pastRuns.getByRole("button", { name: `answered → run ${continuedId.slice(0, 8)}` }));
  await visible(pastRuns.getByRole("button", { name: `answers run ${String(askedId).slice(0, 8)}` }));
  await earlier.getByRole("link", { name: /Open the run that asked/ }).click();
  await poll(() => new URL(page.url()).searchParams.get("run")).toBe(askedId);
  await visible(run.getByTestId("agent-continued-by"));
  expect(await run.getByRole("form", { name: "Answer the agent" }).count()).toBe(0);
  await run.getByTestId("agent-continued-by").getByRole("link").click();
  await poll(() => new URL(page.url()).searchParams.get("run")).toBe(continuedId);
  await visible(run.getByTestId("agent-answer").getByText(FINAL));
  expect(fake.remainingTurns()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});
