// Neo's server selection: the serverSelector model picks, from the names and descriptions of the
// servers (and the standard tools) the agent may use, the ones a request needs; server-candidates.ts
// ranks what it reads with the shared tool search. An answer it cannot read selects every candidate.

import type { LanguageModel } from "ai";
import { generateText } from "ai";
import { z } from "zod";
import type { ModelCallSettings } from "./model-call.ts";

export interface ServerCandidate {
  id: string;
  name: string;
  /** What its tools do, in the tools' own words (names and the first line of each description). */
  description: string;
}

export interface Selection {
  serverIds: string[];
  tokens: { input: number; output: number };
}

const answerSchema = z.object({ servers: z.array(z.string()) });

/** The first JSON object in a model's answer, which may wrap it in prose or a code fence. */
function readAnswer(text: string): string[] | null {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    const parsed = answerSchema.safeParse(JSON.parse(text.slice(start, end + 1)));
    return parsed.success ? parsed.data.servers : null;
  } catch {
    return null;
  }
}

export async function selectServers(
  model: LanguageModel,
  request: string,
  intent: string,
  candidates: ServerCandidate[],
  settings: ModelCallSettings,
): Promise<Selection> {
  if (candidates.length === 0) return { serverIds: [], tokens: { input: 0, output: 0 } };
  const listing = candidates
    .map((candidate) => `- id: ${candidate.id}\n  name: ${candidate.name}\n  tools: ${candidate.description}`)
    .join("\n");
  const result = await generateText({
    model,
    ...settings,
    system:
      'You choose which servers an assistant needs to fulfil a request. Answer only with JSON: {"servers": ["<id>", ...]} listing the ids of every server whose tools the request needs, and no others.',
    prompt: `Request: ${request}\nIntent: ${intent}\n\nServers:\n${listing}`,
  });
  const known = new Set(candidates.map((candidate) => candidate.id));
  const chosen = readAnswer(result.text)?.filter((id) => known.has(id));
  return {
    serverIds: chosen && chosen.length > 0 ? [...new Set(chosen)] : [...known],
    tokens: { input: result.usage.inputTokens ?? 0, output: result.usage.outputTokens ?? 0 },
  };
}
