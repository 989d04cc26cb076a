// The agents' browser tests run against a server whose LLM providers are a local fake (LLM_ENDPOINTS),
// so a test scripts what the model answers. Started before the file's tests, stopped after them.
import { afterAll, beforeAll } from "vitest";
import { type LlmFake, startLlmFake } from "../../fakes/llm-providers.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../../support/server.ts";

/** Registers the file's hooks; `server` and `fake` are there once its tests run. */
export function serverWithLlmFake(openAiKey: string): { server: RunningServer; fake: LlmFake } {
  const running = {} as { server: RunningServer; fake: LlmFake };
  beforeAll(async () => {
    running.fake = await startLlmFake();
    running.fake.validKeys.add(openAiKey);
    running.server = await startServer({ env: { LLM_ENDPOINTS: running.fake.endpoints } });
  }, SERVER_HOOK_TIMEOUT);
  afterAll(async () => {
    await running.server?.stop();
    await running.fake?.close();
  });
  return running;
}
