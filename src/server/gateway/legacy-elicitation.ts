// Form-mode elicitation on 2025-11-25 (and older revisions that have it) for a stateless endpoint. The
// question goes to the client as an `elicitation/create` request on the tools/call's own SSE stream;
// the client answers with a separate POST, which a stateless endpoint would hand to a fresh server
// that never asked. So the questions waiting for an answer are kept here, by an unguessable id, and a
// POST that only carries their answers resolves them (202, as the transport would answer it).
//
// Elicitation may only be sent to a client that declared it, and a stateless tools/call does not say:
// the capability the caller declared in its last initialize is remembered per credential. Both maps
// live in this process: behind several replicas without affinity, an answer that reaches another
// replica is not found, the wait times out, and the caller gets the question as the tool's text.
import { randomUUID } from "node:crypto";
import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import type { Principal } from "./principal.ts";

/** How long a question waits for the person before the caller gets it as text instead. */
export const ELICITATION_WAIT_MS = 10 * 60_000;
const MAX_REMEMBERED = 10_000;

const callerKey = (principal: Principal) =>
  `${principal.projectId}:${principal.apiKeyId ?? principal.oauthClientId}:${principal.userId}`;

const formCapable = new Set<string>();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Notes whether an initialize request declares form-mode elicitation (`{}` alone means form). */
export function rememberClientCapabilities(principal: Principal, body: unknown): void {
  if (!isObject(body) || body.method !== "initialize" || !isObject(body.params)) return;
  const capabilities = body.params.capabilities;
  const elicitation = isObject(capabilities) ? capabilities.elicitation : undefined;
  const form = isObject(elicitation) && (isObject(elicitation.form) || !("url" in elicitation));
  const key = callerKey(principal);
  formCapable.delete(key);
  if (!form) return;
  if (formCapable.size >= MAX_REMEMBERED) {
    const oldest = formCapable.values().next().value;
    if (oldest !== undefined) formCapable.delete(oldest);
  }
  formCapable.add(key);
}

export const mayElicitForm = (principal: Principal) => formCapable.has(callerKey(principal));

/** The person's answer: the form's content when they accepted, undefined otherwise. */
export type FormAnswer = Record<string, unknown> | undefined;

interface Pending {
  key: string;
  resolve: (answer: FormAnswer) => void;
}

const pending = new Map<string, Pending>();

/** Sends a message on the tools/call's stream (the transport's send, bound to the request). */
export type StreamSender = (message: Record<string, unknown>) => Promise<void>;

/** Asks the person through the client and waits for the answer (undefined: declined, failed, timed out). */
export function elicitForm(
  principal: Principal,
  send: StreamSender,
  params: Omit<ElicitRequestFormParams, "mode">,
  signal: AbortSignal,
): Promise<FormAnswer> {
  const id = `portico-elicit-${randomUUID()}`;
  return new Promise<FormAnswer>((resolve) => {
    const finish = (answer: FormAnswer) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      pending.delete(id);
      resolve(answer);
    };
    const onAbort = () => finish(undefined);
    const timer = setTimeout(onAbort, ELICITATION_WAIT_MS);
    signal.addEventListener("abort", onAbort);
    pending.set(id, { key: callerKey(principal), resolve: finish });
    send({ jsonrpc: "2.0", id, method: "elicitation/create", params: { mode: "form", ...params } }).catch(
      onAbort,
    );
  });
}

/**
 * When the POST carries only answers to questions this process is waiting on, from the same caller:
 * hands them over and says so (the caller answers 202). Anything else is left to the normal path.
 */
export function takeElicitationAnswers(principal: Principal, body: unknown): boolean {
  if (pending.size === 0) return false;
  const messages = Array.isArray(body) ? body : [body];
  const key = callerKey(principal);
  const answered = messages.map((message) => {
    if (!isObject(message) || "method" in message || typeof message.id !== "string") return undefined;
    const waiting = pending.get(message.id);
    return waiting?.key === key ? { waiting, message } : undefined;
  });
  if (answered.length === 0 || answered.some((each) => each === undefined)) return false;
  for (const each of answered) {
    const result = each?.message.result;
    const accepted = isObject(result) && result.action === "accept" && isObject(result.content);
    each?.waiting.resolve(accepted ? (result.content as Record<string, unknown>) : undefined);
  }
  return true;
}
