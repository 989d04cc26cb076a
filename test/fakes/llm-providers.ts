// Local fakes of the three LLM APIs Neo talks to, written from their public references:
// - OpenAI Chat Completions: POST /v1/chat/completions, Bearer key; tool calls are
//   choices[0].message.tool_calls[{ id, type: "function", function: { name, arguments (JSON text) } }]
//   with finish_reason "tool_calls"; usage { prompt_tokens, completion_tokens, total_tokens };
//   GET /v1/models lists models. A bad key answers 401 { error: { message, type, code: "invalid_api_key" } }.
// - Anthropic Messages: POST /v1/messages with x-api-key and anthropic-version; content blocks
//   { type: "text" } and { type: "tool_use", id, name, input }, stop_reason "tool_use" | "end_turn";
//   usage { input_tokens, output_tokens }; GET /v1/models. Bad key: 401 authentication_error.
// - Gemini: POST /v1beta/models/{model}:generateContent with x-goog-api-key; candidates[0].content.parts
//   hold { text } or { functionCall: { name, args } }, finishReason "STOP"; usageMetadata
//   { promptTokenCount, candidatesTokenCount, totalTokenCount }; GET /v1beta/models. Bad key: 400
//   INVALID_ARGUMENT "API key not valid".
// All three share one script: each model call takes the next turn, whichever provider it reaches.
import type { ServerResponse } from "node:http";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export interface ScriptedTurn {
  text?: string;
  toolCalls?: { name: string; args: Record<string, unknown> }[];
  usage?: { input: number; output: number };
  /** Answer only after this long: lets a browser test watch a run in progress. */
  delayMs?: number;
}

export type Turn = ScriptedTurn | ((request: { body: Record<string, unknown> }) => ScriptedTurn);

export interface LlmFake extends HttpFake {
  /** LLM_ENDPOINTS for the app's config. */
  endpoints: string;
  /** Keys the fake accepts; any other key is refused as invalid or revoked. */
  validKeys: Set<string>;
  script(turns: Turn[]): void;
  /** Model calls (not model listings) received, in order, with their parsed bodies. */
  calls(): { provider: "openai" | "anthropic" | "google"; path: string; body: Record<string, unknown> }[];
  remainingTurns(): number;
}

const DEFAULT_USAGE = { input: 100, output: 20 };

export async function startLlmFake(): Promise<LlmFake> {
  const validKeys = new Set<string>();
  let turns: Turn[] = [];
  let callCounter = 0;
  const nextTurn = (body: Record<string, unknown>): ScriptedTurn => {
    const turn = turns.shift();
    if (!turn) return { text: "(the fake's script is exhausted)" };
    return typeof turn === "function" ? turn({ body }) : turn;
  };
  const keyOf = (request: RecordedRequest): string =>
    String(
      request.headers.authorization?.replace(/^Bearer /, "") ??
        request.headers["x-api-key"] ??
        request.headers["x-goog-api-key"] ??
        "",
    );

  function refuse(provider: string, response: ServerResponse) {
    if (provider === "openai") {
      return json(response, 401, {
        error: {
          message:
            "Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.",
          type: "invalid_request_error",
          param: null,
          code: "invalid_api_key",
        },
      });
    }
    if (provider === "anthropic") {
      return json(response, 401, {
        type: "error",
        error: { type: "authentication_error", message: "invalid x-api-key" },
      });
    }
    return json(response, 400, {
      error: {
        code: 400,
        message: "API key not valid. Please pass a valid API key.",
        status: "INVALID_ARGUMENT",
      },
    });
  }

  function openaiAnswer(turn: ScriptedTurn, model: string) {
    const usage = turn.usage ?? DEFAULT_USAGE;
    const toolCalls = (turn.toolCalls ?? []).map((call) => ({
      id: `call_${++callCounter}`,
      type: "function",
      function: { name: call.name, arguments: JSON.stringify(call.args) },
    }));
    return {
      id: `chatcmpl-${callCounter}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: turn.text ?? null,
            ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          },
          finish_reason: toolCalls.length > 0 ? "tool_calls" : "stop",
        },
      ],
      usage: {
        prompt_tokens: usage.input,
        completion_tokens: usage.output,
        total_tokens: usage.input + usage.output,
      },
    };
  }

  function anthropicAnswer(turn: ScriptedTurn, model: string) {
    const usage = turn.usage ?? DEFAULT_USAGE;
    const content: unknown[] = [];
    if (turn.text) content.push({ type: "text", text: turn.text });
    for (const call of turn.toolCalls ?? []) {
      content.push({ type: "tool_use", id: `toolu_${++callCounter}`, name: call.name, input: call.args });
    }
    return {
      id: `msg_${callCounter}`,
      type: "message",
      role: "assistant",
      model,
      content,
      stop_reason: turn.toolCalls?.length ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: usage.output },
    };
  }

  function googleAnswer(turn: ScriptedTurn) {
    const usage = turn.usage ?? DEFAULT_USAGE;
    const parts: unknown[] = [];
    if (turn.text) parts.push({ text: turn.text });
    for (const call of turn.toolCalls ?? [])
      parts.push({ functionCall: { name: call.name, args: call.args } });
    return {
      candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
      usageMetadata: {
        promptTokenCount: usage.input,
        candidatesTokenCount: usage.output,
        totalTokenCount: usage.input + usage.output,
      },
    };
  }

  const calls: ReturnType<LlmFake["calls"]> = [];
  const fake = await startHttpFake(async (request, response) => {
    const [, provider, ...rest] = request.path.split("/");
    const path = `/${rest.join("/")}`;
    if (provider !== "openai" && provider !== "anthropic" && provider !== "google") {
      return json(response, 404, { error: { message: `No route ${request.path}` } });
    }
    if (!validKeys.has(keyOf(request))) return refuse(provider, response);
    if (request.method === "GET" && /\/models$/.test(path)) {
      if (provider === "openai")
        return json(response, 200, { object: "list", data: [{ id: "gpt-4.1", object: "model" }] });
      if (provider === "anthropic") {
        return json(response, 200, {
          data: [{ type: "model", id: "claude-sonnet-4-5", display_name: "Claude Sonnet 4.5" }],
          has_more: false,
          first_id: "claude-sonnet-4-5",
          last_id: "claude-sonnet-4-5",
        });
      }
      return json(response, 200, { models: [{ name: "models/gemini-2.5-pro" }] });
    }
    if (request.method !== "POST") return json(response, 405, { error: { message: "Method not allowed" } });
    const body = JSON.parse(request.body || "{}") as Record<string, unknown>;
    const take = async () => {
      const turn = nextTurn(body);
      if (turn.delayMs) await new Promise((resolve) => setTimeout(resolve, turn.delayMs));
      return turn;
    };
    if (provider === "openai" && path === "/v1/chat/completions") {
      calls.push({ provider, path, body });
      return json(response, 200, openaiAnswer(await take(), String(body.model)));
    }
    if (provider === "anthropic" && path === "/v1/messages") {
      calls.push({ provider, path, body });
      return json(response, 200, anthropicAnswer(await take(), String(body.model)));
    }
    const gemini = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(path);
    if (provider === "google" && gemini) {
      calls.push({ provider, path, body });
      return json(response, 200, googleAnswer(await take()));
    }
    return json(response, 404, { error: { message: `No route ${request.path}` } });
  });
  return {
    ...fake,
    endpoints: JSON.stringify({
      openai: `${fake.url}/openai/v1`,
      anthropic: `${fake.url}/anthropic/v1`,
      google: `${fake.url}/google/v1beta`,
    }),
    validKeys,
    script(next) {
      turns = [...next];
    },
    calls: () => calls,
    remainingTurns: () => turns.length,
  };
}
