// The intent stage's instructions and how its answer is read: one sentence of intent, or — rarely —
// one question for the person, when the request cannot be acted on without something only they know.
// The question is a line starting "ASK:" (plain text, so every provider and model can produce it).
// Once the person has answered (a clarification), the stage may no longer ask: the exchange always ends.

const INTENT_INSTRUCTIONS =
  "Restate what the user wants as one short sentence of intent: the goal, the data involved and any time range. Answer with the sentence only.";

const ASK_INSTRUCTIONS =
  " Only when the request cannot be carried out at all without information only the user has (for example it names none of several possible targets, or a required value is missing), answer instead with one line `ASK: ` followed by one short question to the user. Asking is rare: prefer the most reasonable reading of the request.";

export const intentInstructions = (mayAsk: boolean) => INTENT_INSTRUCTIONS + (mayAsk ? ASK_INSTRUCTIONS : "");

export type IntentOutcome = { kind: "intent"; intent: string } | { kind: "ask"; question: string };

const ASK = /^\s*ASK:\s*(.+)$/is;

/** The model's answer as an intent, or as a question when it asked one and asking is allowed. */
export function parseIntent(text: string, fallback: string, mayAsk: boolean): IntentOutcome {
  const question = ASK.exec(text)?.[1]?.trim();
  if (question && mayAsk) return { kind: "ask", question: question.slice(0, 1000) };
  const intent = (question ?? text).trim();
  return { kind: "intent", intent: intent || fallback };
}

/** The request the run works on once the person has answered Neo's question. */
export const withClarification = (request: string, clarification: string | undefined) =>
  clarification ? `${request}\n\nClarification from the user: ${clarification}` : request;
