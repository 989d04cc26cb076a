// Form-mode elicitation on 2025-11-25 (and older revisions that have it) for a stateless endpoint. The
// question goes to the client as an `elicitation/create` request on the tools/call's own SSE stream;
// the client answers with a separate POST, which a stateless endpoint would hand to a fresh server
// that never asked. So the questions waiting for an answer are kept here, by an unguessable id, and a
// POST that only carries their answers resolves them (202, as the transport would answer it).
//
// Elicitation may only be sent to a client that declared it, and a stateless tools/call does not say:
// the capability the caller declared in its last initialize is remembered per credential.
//
// Several processes (WEB_CONCURRENCY, replicas without affinity): the answer POST may reach another
// process than the one waiting. With a relay (elicitation-relay.ts, PostgreSQL LISTEN/NOTIFY), a
// process that is not waiting on an answer's `portico-elicit-` id publishes it, and the process that
// waits resolves it when the caller is the one asked; each initialize's capability is published the
// same way. Without one (the embedded database, one process) all of it stays in this process.
import { randomUUID } from "node:crypto";
import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import type { Principal } from "../auth/principal.ts";

/** How long a question waits for the person before the caller gets it as text instead. */
export const ELICITATION_WAIT_MS = 10 * 60_000;
/**
 * The largest accepted answer (its content as JSON, UTF-8 bytes). Larger answers are refused on every
 * process alike, so the rule does not depend on which replica the answer reaches: a relayed answer has
 * to fit one PostgreSQL notification (under 8,000 bytes with the id and caller). A clarifying answer
 * is a sentence; 6,000 bytes is a page.
 */
export const MAX_ANSWER_BYTES = 6_000;
const MAX_REMEMBERED = 10_000;
const ID_PREFIX = "portico-elicit-";

const callerKey = (principal: Principal) =>
  `${principal.projectId}:${principal.apiKeyId ?? principal.oauthClientId}:${principal.userId}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The person's answer: the form's content when they accepted, undefined otherwise. */
export type FormAnswer = Record<string, unknown> | undefined;

/** What crosses processes: an answer for whoever waits on `id`, or a caller's declared capability. */
export type RelayMessage =
  | { kind: "answer"; id: string; key: string; content: FormAnswer }
  | { kind: "capability"; key: string; form: boolean };

/** Sends a message to every process, this one included (elicitation-relay.ts). */
export type RelayPublisher = (message: RelayMessage) => Promise<void>;

/** Sends a message on the tools/call's stream (the transport's send, bound to the request). */
export type StreamSender = (message: Record<string, unknown>) => Promise<void>;

/** What became of a POST of answers: not answers (normal path), taken (202), too large, undeliverable. */
export type AnswersOutcome = "not-answers" | "taken" | "too-large" | "unrelayed";

interface Pending {
  key: string;
  resolve: (answer: FormAnswer) => void;
}

interface Answer {
  id: string;
  content: FormAnswer;
  tooLarge: boolean;
}

/** The content when the person accepted, undefined otherwise; flagged when over MAX_ANSWER_BYTES. */
function answerOf(message: Record<string, unknown>): Answer {
  const result = message.result;
  const accepted = isObject(result) && result.action === "accept" && isObject(result.content);
  const content = accepted ? (result.content as Record<string, unknown>) : undefined;
  const tooLarge = !!content && Buffer.byteLength(JSON.stringify(content)) > MAX_ANSWER_BYTES;
  return { id: message.id as string, content: tooLarge ? undefined : content, tooLarge };
}

export class LegacyElicitation {
  private readonly formCapable = new Set<string>();
  private readonly pending = new Map<string, Pending>();
  private publish: RelayPublisher | null = null;

  /** From now on answers and capabilities cross processes through `publish`. */
  relayThrough(publish: RelayPublisher): void {
    this.publish = publish;
  }

  /** Notes whether an initialize request declares form-mode elicitation (`{}` alone means form). */
  async rememberClientCapabilities(principal: Principal, body: unknown): Promise<void> {
    if (!isObject(body) || body.method !== "initialize" || !isObject(body.params)) return;
    const capabilities = body.params.capabilities;
    const elicitation = isObject(capabilities) ? capabilities.elicitation : undefined;
    const form = isObject(elicitation) && (isObject(elicitation.form) || !("url" in elicitation));
    const key = callerKey(principal);
    this.noteCapability(key, form);
    // Awaited so the other processes have it by the time the initialize is answered; a failure only
    // means they will not elicit for this caller (the question comes as text), never a failed initialize.
    await this.publish?.({ kind: "capability", key, form }).catch(() => undefined);
  }

  mayElicitForm(principal: Principal): boolean {
    return this.formCapable.has(callerKey(principal));
  }

  /** Asks the person through the client and waits for the answer (undefined: declined, failed, timed out). */
  elicitForm(
    principal: Principal,
    send: StreamSender,
    params: Omit<ElicitRequestFormParams, "mode">,
    signal: AbortSignal,
  ): Promise<FormAnswer> {
    const id = `${ID_PREFIX}${randomUUID()}`;
    return new Promise<FormAnswer>((resolve) => {
      const finish = (answer: FormAnswer) => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        this.pending.delete(id);
        resolve(answer);
      };
      const onAbort = () => finish(undefined);
      const timer = setTimeout(onAbort, ELICITATION_WAIT_MS);
      signal.addEventListener("abort", onAbort);
      this.pending.set(id, { key: callerKey(principal), resolve: finish });
      send({ jsonrpc: "2.0", id, method: "elicitation/create", params: { mode: "form", ...params } }).catch(
        onAbort,
      );
    });
  }

  /**
   * A POST that carries only answers to Portico's questions: resolves the ones this process waits on
   * (from the same caller) and, with a relay, publishes the others to the process that waits. Without a
   * relay only answers all waited on here are taken; anything else is left to the normal path.
   */
  async takeAnswers(principal: Principal, body: unknown): Promise<AnswersOutcome> {
    if (this.pending.size === 0 && !this.publish) return "not-answers";
    const messages = Array.isArray(body) ? body : [body];
    const answers = messages.every(
      (message) =>
        isObject(message) &&
        !("method" in message) &&
        typeof message.id === "string" &&
        message.id.startsWith(ID_PREFIX),
    );
    if (messages.length === 0 || !answers) return "not-answers";
    const key = callerKey(principal);
    const here = (id: string) => this.pending.get(id)?.key === key;
    if (!this.publish && !messages.every((message) => here(message.id))) return "not-answers";
    const parsed = (messages as Record<string, unknown>[]).map(answerOf);
    for (const answer of parsed) {
      if (this.pending.has(answer.id)) this.resolve(answer.id, key, answer.content);
      else if (this.publish) {
        const published = await this.publish({ kind: "answer", id: answer.id, key, content: answer.content })
          .then(() => true)
          .catch(() => false);
        if (!published) return "unrelayed";
      }
    }
    return parsed.some((answer) => answer.tooLarge) ? "too-large" : "taken";
  }

  /** A message another process (or this one) published. */
  receive(message: RelayMessage): void {
    if (message.kind === "capability") this.noteCapability(message.key, message.form);
    else this.resolve(message.id, message.key, message.content);
  }

  /** Resolves the question `id` when this process waits on it for caller `key`; ignored otherwise. */
  private resolve(id: string, key: string, content: FormAnswer): void {
    const waiting = this.pending.get(id);
    if (waiting?.key === key) waiting.resolve(content);
  }

  private noteCapability(key: string, form: boolean): void {
    this.formCapable.delete(key);
    if (!form) return;
    if (this.formCapable.size >= MAX_REMEMBERED) {
      const oldest = this.formCapable.values().next().value;
      if (oldest !== undefined) this.formCapable.delete(oldest);
    }
    this.formCapable.add(key);
  }
}
