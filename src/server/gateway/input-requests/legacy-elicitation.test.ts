import { describe, expect, it } from "vitest";
import type { Principal } from "../auth/principal.ts";
import { LegacyElicitation, MAX_ANSWER_BYTES, type RelayMessage } from "./legacy-elicitation.ts";

const caller = (apiKeyId: string): Principal => ({
  projectId: "p1",
  organizationId: "o1",
  kind: "api_key",
  apiKeyId,
  oauthClientId: null,
  oauthClientName: null,
  callerName: apiKeyId,
  userId: "u1",
  person: null,
});
/** The instance's methods under the names the tests read best with. */
const bound = (elicitation: LegacyElicitation) => ({
  rememberClientCapabilities: elicitation.rememberClientCapabilities.bind(elicitation),
  mayElicitForm: elicitation.mayElicitForm.bind(elicitation),
  elicitForm: elicitation.elicitForm.bind(elicitation),
  takeElicitationAnswers: elicitation.takeAnswers.bind(elicitation),
});
const initialize = (capabilities: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities, clientInfo: { name: "c", version: "1" } },
});

describe("the elicitation capability a caller declared", () => {
  it("is form for `form` or an empty object, not for URL mode alone; the last initialize wins", async () => {
    const { rememberClientCapabilities, mayElicitForm } = bound(new LegacyElicitation());
    const a = caller("k-cap");
    await rememberClientCapabilities(a, initialize({ elicitation: {} }));
    expect(mayElicitForm(a)).toBe(true);
    await rememberClientCapabilities(a, initialize({ elicitation: { url: {} } }));
    expect(mayElicitForm(a)).toBe(false);
    await rememberClientCapabilities(a, initialize({ elicitation: { form: {}, url: {} } }));
    expect(mayElicitForm(a)).toBe(true);
    await rememberClientCapabilities(a, { jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(mayElicitForm(a)).toBe(true);
    await rememberClientCapabilities(a, initialize({}));
    expect(mayElicitForm(a)).toBe(false);
  });
});

describe("answers to a waiting question", () => {
  it("are taken only from the caller asked, and resolve with the accepted content", async () => {
    const { elicitForm, takeElicitationAnswers } = bound(new LegacyElicitation());
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
    expect(await takeElicitationAnswers(caller("k-other"), reply)).toBe("not-answers");
    expect(await takeElicitationAnswers(asked, { ...reply, id: "portico-elicit-unknown" })).toBe(
      "not-answers",
    );
    expect(await takeElicitationAnswers(asked, reply)).toBe("taken");
    expect(await answer).toEqual({ answer: "Acme" });
    // Answered once: a replay is left to the normal path.
    expect(await takeElicitationAnswers(asked, reply)).toBe("not-answers");
  });

  it("resolve undefined when declined or when the call goes away", async () => {
    const { elicitForm, takeElicitationAnswers } = bound(new LegacyElicitation());
    const sent: Record<string, unknown>[] = [];
    const asked = caller("k-decline");
    const params = { message: "?", requestedSchema: { type: "object" as const, properties: {} } };
    const declined = elicitForm(asked, async (m) => void sent.push(m), params, new AbortController().signal);
    await Promise.resolve();
    await takeElicitationAnswers(asked, { jsonrpc: "2.0", id: sent[0]?.id, result: { action: "decline" } });
    expect(await declined).toBeUndefined();
    const gone = new AbortController();
    const abandoned = elicitForm(asked, async () => undefined, params, gone.signal);
    gone.abort();
    expect(await abandoned).toBeUndefined();
  });
});

/** Two processes joined by a relay that delivers every message to both, as NOTIFY does. */
function twoProcesses() {
  const processes = [new LegacyElicitation(), new LegacyElicitation()] as const;
  const published: RelayMessage[] = [];
  for (const each of processes) {
    each.relayThrough(async (message) => {
      published.push(message);
      for (const receiver of processes) receiver.receive(message);
    });
  }
  return { processes, published };
}

describe("with a relay between processes", () => {
  const params = { message: "?", requestedSchema: { type: "object" as const, properties: {} } };
  /** `asking` puts the question to caller `key`; `sent` collects what it sends them. */
  const ask = (asking: ReturnType<typeof twoProcesses>["processes"][number], key: string) => {
    const sent: Record<string, unknown>[] = [];
    const asked = caller(key);
    const answer = asking.elicitForm(
      asked,
      async (m) => void sent.push(m),
      params,
      new AbortController().signal,
    );
    return { asked, sent, answer };
  };

  it("an answer reaching the other process resolves the call waiting here, only from the caller asked", async () => {
    const [asking, other] = twoProcesses().processes;
    const { asked, sent, answer } = ask(asking, "k-relay");
    await Promise.resolve();
    const reply = {
      jsonrpc: "2.0",
      id: sent[0]?.id,
      result: { action: "accept", content: { answer: "Acme" } },
    };
    // Taken (202) from anyone, since the other process cannot tell; resolved only for the caller asked.
    expect(await other.takeAnswers(caller("k-intruder"), reply)).toBe("taken");
    expect(await other.takeAnswers(asked, reply)).toBe("taken");
    expect(await answer).toEqual({ answer: "Acme" });
    // Not Portico's question: left to the normal path.
    expect(await other.takeAnswers(asked, { ...reply, id: 7 })).toBe("not-answers");
    expect(await other.takeAnswers(asked, { jsonrpc: "2.0", id: "x", method: "ping" })).toBe("not-answers");
  });

  it("an answer over MAX_ANSWER_BYTES is refused and leaves the question unanswered", async () => {
    const { processes, published } = twoProcesses();
    const [asking, other] = processes;
    const { asked, sent, answer } = ask(asking, "k-large");
    await Promise.resolve();
    const content = { answer: "x".repeat(MAX_ANSWER_BYTES) };
    const reply = { jsonrpc: "2.0", id: sent[0]?.id, result: { action: "accept", content } };
    expect(await other.takeAnswers(asked, reply)).toBe("too-large");
    expect(await answer).toBeUndefined();
    expect(JSON.stringify(published).length).toBeLessThan(1000);
  });

  it("a capability declared on one process is known on the other", async () => {
    const [first, second] = twoProcesses().processes;
    const a = caller("k-cap-relay");
    await first.rememberClientCapabilities(a, initialize({ elicitation: {} }));
    expect(second.mayElicitForm(a)).toBe(true);
    await second.rememberClientCapabilities(a, initialize({}));
    expect(first.mayElicitForm(a)).toBe(false);
  });

  it("an answer that cannot be relayed says so", async () => {
    const lonely = new LegacyElicitation();
    lonely.relayThrough(async () => {
      throw new Error("database down");
    });
    const reply = { jsonrpc: "2.0", id: "portico-elicit-x", result: { action: "decline" } };
    expect(await lonely.takeAnswers(caller("k-down"), reply)).toBe("unrelayed");
  });
});
