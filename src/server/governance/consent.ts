// How a call that needs the calling person's confirmation crosses the gateway's layers, with the
// same non-enumerable symbol marks clarification-needed.ts and connection-needed.ts use (never on the
// wire, never in the call log):
//   - a door that can ask the person (a 2025-11-25 stream to a client that declared form elicitation,
//     any 2026-07-28 client that declared elicitation) marks the arguments "may ask";
//   - admission (governance/gate.ts) then answers a call that needs confirming with a result marked
//     with the question, and the door asks it and calls again with the answer marked on the arguments;
//   - a door that cannot ask gets a plain result: the call is held in Portico for the person to confirm.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

const MAY_ASK = Symbol("portico.mayAskConsent");
const ANSWER = Symbol("portico.consentAnswer");
const QUESTION = Symbol("portico.confirmationNeeded");

export type ConsentAnswer = "accept" | "decline";

type Marked = Record<string, unknown> & { [MAY_ASK]?: true; [ANSWER]?: ConsentAnswer };

/** The form a confirmation asks with: one yes/no field, ticked. */
export const CONFIRMATION_FORM_SCHEMA: {
  type: "object";
  properties: { confirm: { type: "boolean"; title: string; default: boolean } };
  required: string[];
} = {
  type: "object",
  properties: { confirm: { type: "boolean", title: "Go ahead", default: true } },
  required: ["confirm"],
};

/** The arguments of a call whose door can ask the person to confirm. */
export function withConsentAskable(args: Record<string, unknown>): Record<string, unknown> {
  return Object.defineProperty({ ...args }, MAY_ASK, { value: true, configurable: true });
}

/** The arguments of the call again, with the person's answer to the confirmation. */
export function withConsentAnswer(
  args: Record<string, unknown>,
  answer: ConsentAnswer,
): Record<string, unknown> {
  return Object.defineProperty({ ...args }, ANSWER, { value: answer, configurable: true });
}

export const consentAskable = (args: Record<string, unknown>) => (args as Marked)[MAY_ASK] === true;
export const consentAnswerOf = (args: Record<string, unknown>) => (args as Marked)[ANSWER];

/** The form's content as a confirmation: accepted with the box left ticked. */
export const consentFromForm = (content: Record<string, unknown> | undefined): ConsentAnswer =>
  content && content.confirm !== false ? "accept" : "decline";

/** A result that asks the door to put `question` to the person. */
export function confirmationNeeded(question: string): CallToolResult {
  const result: CallToolResult = {
    isError: true,
    content: [{ type: "text", text: `${question} This call needs your confirmation.` }],
  };
  return Object.defineProperty(result, QUESTION, { value: question, configurable: true });
}

export const confirmationQuestionOf = (result: CallToolResult): string | undefined =>
  (result as CallToolResult & { [QUESTION]?: string })[QUESTION];
