import { describe, expect, it } from "vitest";
import {
  elicitForm,
  mayElicitForm,
  rememberClientCapabilities,
  takeElicitationAnswers,
} from "./legacy-elicitation.ts";
import type { Principal } from "./principal.ts";

const caller = (apiKeyId: string): Principal => ({
  projectId: "p1",
  organizationId: "o1",
  kind: "api_key",
  apiKeyId,
  oauthClientId: null,
  oauthClientName: null,
  callerName: apiKeyId,
  userId: "u1",
});
const initialize = (capabilities: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities, clientInfo: { name: "c", version: "1" } },
});

describe("the elicitation capability a caller declared", () => {
  it("is form for `form` or an empty object, not for URL mode alone; the last initialize wins", () => {
    const a = caller("k-cap");
    rememberClientCapabilities(a, initialize({ elicitation: {} }));
    expect(mayElicitForm(a)).toBe(true);
    rememberClientCapabilities(a, initialize({ elicitation: { url: {} } }));
    expect(mayElicitForm(a)).toBe(false);
    rememberClientCapabilities(a, initialize({ elicitation: { form: {}, url: {} } }));
    expect(mayElicitForm(a)).toBe(true);
    rememberClientCapabilities(a, { jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(mayElicitForm(a)).toBe(true);
    rememberClientCapabilities(a, initialize({}));
    expect(mayElicitForm(a)).toBe(false);
  });
});

describe("answers to a waiting question", () => {
  it("are taken only from the caller asked, and resolve with the accepted content", async () => {
    const sent: Record<string, unknown>[] = [];
    const asked = caller("k-asked");
    const answer = elicitForm(
      asked,
      async (message) => void sent.push(message),
      { message: "Which one?", requestedSchema: { type: "object", properties: {} } },
      new AbortController().signal,
    );
    await Promise.resolve();
    const id = sent[0]?.id as string;
    expect(sent[0]).toMatchObject({
      method: "elicitation/create",
      params: { mode: "form", message: "Which one?" },
    });
    const reply = { jsonrpc: "2.0", id, result: { action: "accept", content: { answer: "Acme" } } };
    expect(takeElicitationAnswers(caller("k-other"), reply)).toBe(false);
    expect(takeElicitationAnswers(asked, { ...reply, id: "portico-elicit-unknown" })).toBe(false);
    expect(takeElicitationAnswers(asked, reply)).toBe(true);
    expect(await answer).toEqual({ answer: "Acme" });
    // Answered once: a replay is left to the normal path.
    expect(takeElicitationAnswers(asked, reply)).toBe(false);
  });

  it("resolve undefined when declined or when the call goes away", async () => {
    const sent: Record<string, unknown>[] = [];
    const asked = caller("k-decline");
    const params = { message: "?", requestedSchema: { type: "object" as const, properties: {} } };
    const declined = elicitForm(asked, async (m) => void sent.push(m), params, new AbortController().signal);
    await Promise.resolve();
    takeElicitationAnswers(asked, { jsonrpc: "2.0", id: sent[0]?.id, result: { action: "decline" } });
    expect(await declined).toBeUndefined();
    const gone = new AbortController();
    const abandoned = elicitForm(asked, async () => undefined, params, gone.signal);
    gone.abort();
    expect(await abandoned).toBeUndefined();
  });
});
