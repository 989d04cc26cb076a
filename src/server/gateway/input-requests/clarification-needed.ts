// A tool (a project agent) that stopped to ask the person a question. The result stays a plain tool
// result whose text is the question and says to call again with the answer in the `clarification`
// argument (what every client can do, and what /mcp's JSON fast path sends); the mark lets /mcp ask
// the person directly instead: a form-mode input request on 2026-07-28 (modern-mcp.ts), whose answer
// the retry carries and which is handed to the tool as that same argument. A non-enumerable symbol key,
// as connection-needed.ts's, so it never reaches the wire.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

const CLARIFICATION_NEEDED = Symbol("portico.clarificationNeeded");

/** The argument a tool that asks takes the person's answer in. */
export const CLARIFICATION_ARGUMENT = "clarification";

/** The requested schema of the form that asks: one string field. */
export const CLARIFICATION_FORM_SCHEMA: {
  type: "object";
  properties: { answer: { type: "string"; title: string } };
  required: string[];
} = {
  type: "object",
  properties: { answer: { type: "string", title: "Your answer" } },
  required: ["answer"],
};

/** `askedBy`: what asked (an agent's run id), handed back with the answer when /mcp asks the person. */
export function markClarificationNeeded(
  result: CallToolResult,
  question: string,
  askedBy?: string,
): CallToolResult {
  Object.defineProperty(result, ASKED_BY, { value: askedBy, configurable: true });
  return Object.defineProperty(result, CLARIFICATION_NEEDED, { value: question, configurable: true });
}

const ASKED_BY = Symbol("portico.clarificationAskedBy");

/** What asked the question the result carries, when the tool said. */
export const clarificationAskedByOf = (result: CallToolResult): string | undefined =>
  (result as CallToolResult & { [ASKED_BY]?: string })[ASKED_BY];

/**
 * The retry's arguments with the answer, marked (a symbol key, so never on the wire, never in the call
 * log, never sent by a client) with what asked: only /mcp's own elicitation knows it, within one call.
 */
export function withClarificationAnswer(
  args: Record<string, unknown>,
  answer: string,
  askedBy: string | undefined,
): Record<string, unknown> {
  const retry = { ...args, [CLARIFICATION_ARGUMENT]: answer };
  return Object.defineProperty(retry, ASKED_BY, { value: askedBy, configurable: true });
}

/** What asked the question these arguments answer, when /mcp asked the person itself. */
export const answeredAskerOf = (args: Record<string, unknown>): string | undefined =>
  (args as Record<string, unknown> & { [ASKED_BY]?: string })[ASKED_BY];

/** The question, when the tool stopped to ask one. */
export const clarificationQuestionOf = (result: CallToolResult): string | undefined =>
  (result as CallToolResult & { [CLARIFICATION_NEEDED]?: string })[CLARIFICATION_NEEDED];

/** The answer in a form response's content, when it is a non-empty string. */
export function clarificationAnswerOf(content: Record<string, unknown> | undefined): string | undefined {
  const answer = content?.answer;
  return typeof answer === "string" && answer.trim() ? answer.trim() : undefined;
}

const toolsThatMayAsk = new WeakSet<object>();

/** Marks a tool that may stop to ask (a project agent): /mcp may then answer its calls as a stream. */
export function markMayAsk<T extends object>(tool: T): T {
  toolsThatMayAsk.add(tool);
  return tool;
}

export const mayAsk = (tool: object) => toolsThatMayAsk.has(tool);
