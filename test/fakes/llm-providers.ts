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
// Streaming, as each reference documents it (server-sent events):
// - OpenAI (`"stream": true`, https://platform.openai.com/docs/api-reference/chat-streaming): `data:` lines
//   of chat.completion.chunk objects: a first delta with the role, content deltas, tool_calls deltas
//   ({ index, id, type, function: { name, arguments: "" } } then argument pieces under the same index),
//   a chunk with finish_reason, a usage chunk with empty choices when stream_options.include_usage, and
//   `data: [DONE]`.
// - Anthropic (`"stream": true`, https://docs.anthropic.com/en/docs/build-with-claude/streaming):
//   `event:`/`data:` pairs message_start, content_block_start (text or tool_use with input {}),
//   ping, content_block_delta (text_delta, or input_json_delta with partial_json), content_block_stop,
//   message_delta (stop_reason, usage.output_tokens) and message_stop.
// - Gemini (POST /v1beta/models/{model}:streamGenerateContent?alt=sse,
//   https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent): `data:` lines, each
//   a GenerateContentResponse with a piece of the parts; function calls arrive whole; the last one
//   carries finishReason and usageMetadata.
// Text is sent in several pieces, so a test can tell a streamed answer from a whole one.
// All three share one script: each model call takes the next turn, whichever provider it reaches.
import type { ServerResponse } from "node:http";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export interface ScriptedTurn {
  text?: string;
  toolCalls?: { name: string; args: Record<string, unknown> }[];
  usage?: { input: number; output: number };
  /** Answer only after this long: lets a browser test watch a run in progress. */
  delayMs?: number;
  /** When streamed: the pause between two pieces of text (a browser test watches the answer grow). */
  pieceDelayMs?: number;
  /**
   * A broken answer instead: a stream of events that are not JSON, no answer at all (until the client
   * gives up), a 200 whose body is not JSON, or a 401 whose message repeats the key it was sent.
   */
  fault?: "malformed-stream" | "hang" | "not-json" | "401-echoing-key";
}

export type Turn = ScriptedTurn | ((request: { body: Record<string, unknown> }) => ScriptedTurn);

export interface LlmFake extends HttpFake {
  /** LLM_ENDPOINTS for the app's config. */
  endpoints: string;
  /** Keys the fake accepts; any other key is refused as invalid or revoked. */
  validKeys: Set<string>;
  /** The models GET /openai/v1/models lists (replace its contents to stand for another server). */
  openaiModels: string[];
  script(turns: Turn[]): void;
  /** Model calls (not model listings) received, in order, with their parsed bodies. */
  calls(): {
    provider: "openai" | "anthropic" | "google";
    path: string;
    body: Record<string, unknown>;
    headers: Record<string, string | string[] | undefined>;
    /** Answered as server-sent events. */
    streamed: boolean;
  }[];
  remainingTurns(): number;
}

const DEFAULT_USAGE = { input: 100, output: 20 };

const pause = (ms: number | undefined) =>
  ms ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/** A text in three pieces (fewer when short), as a stream sends it. */
function pieces(text: string): string[] {
  if (!text) return [];
  const size = Math.max(1, Math.ceil(text.length / 3));
  const result: string[] = [];
  for (let at = 0; at < text.length; at += size) result.push(text.slice(at, at + size));
  return result;
}

export async function startLlmFake(): Promise<LlmFake> {
  const validKeys = new Set<string>();
  // What GET /v1/models lists: OpenAI's model, or a self-hosted server's own (Ollama: "llama3.1:8b").
  const openaiModels = ["gpt-4.1"];
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

  async function fault(response: ServerResponse, kind: NonNullable<ScriptedTurn["fault"]>, key: string) {
    if (kind === "hang") {
      // Nothing is ever sent; the request ends when the client gives up.
      await new Promise((resolve) => response.once("close", resolve));
      return;
    }
    if (kind === "401-echoing-key") {
      return json(response, 401, {
        error: { message: `Incorrect API key provided: ${key}.`, type: "invalid_request_error" },
      });
    }
    if (kind === "not-json") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end("<html><body>502 Bad Gateway</body></html>");
      return;
    }
    startEvents(response);
    response.write('data: {"choices": [{"delta": \n\n');
    response.write("data: not json at all\n\n");
    response.end();
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

  function startEvents(response: ServerResponse) {
    response.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
  }

  async function openaiStream(response: ServerResponse, turn: ScriptedTurn, body: Record<string, unknown>) {
    const usage = turn.usage ?? DEFAULT_USAGE;
    const id = `chatcmpl-${++callCounter}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      response.write(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model, choices, ...extra })}\n\n`,
      );
    const delta = (value: Record<string, unknown>, finish: string | null = null) =>
      chunk([{ index: 0, delta: value, logprobs: null, finish_reason: finish }]);
    startEvents(response);
    delta({ role: "assistant", content: "" });
    for (const [i, piece] of pieces(turn.text ?? "").entries()) {
      if (i > 0) await pause(turn.pieceDelayMs);
      delta({ content: piece });
    }
    (turn.toolCalls ?? []).forEach((call, index) => {
      const args = JSON.stringify(call.args);
      const half = Math.ceil(args.length / 2);
      delta({
        tool_calls: [
          {
            index,
            id: `call_${++callCounter}`,
            type: "function",
            function: { name: call.name, arguments: "" },
          },
        ],
      });
      delta({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] });
      delta({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] });
    });
    delta({}, turn.toolCalls?.length ? "tool_calls" : "stop");
    if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage) {
      chunk([], {
        usage: {
          prompt_tokens: usage.input,
          completion_tokens: usage.output,
          total_tokens: usage.input + usage.output,
        },
      });
    }
    response.end("data: [DONE]\n\n");
  }

  async function anthropicStream(response: ServerResponse, turn: ScriptedTurn, model: string) {
    const usage = turn.usage ?? DEFAULT_USAGE;
    const event = (type: string, data: Record<string, unknown>) =>
      response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    startEvents(response);
    event("message_start", {
      message: {
        id: `msg_${++callCounter}`,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: 1 },
      },
    });
    let index = 0;
    if (turn.text) {
      event("content_block_start", { index, content_block: { type: "text", text: "" } });
      event("ping", {});
      for (const [i, text] of pieces(turn.text).entries()) {
        if (i > 0) await pause(turn.pieceDelayMs);
        event("content_block_delta", { index, delta: { type: "text_delta", text } });
      }
      event("content_block_stop", { index });
      index++;
    }
    for (const call of turn.toolCalls ?? []) {
      event("content_block_start", {
        index,
        content_block: { type: "tool_use", id: `toolu_${++callCounter}`, name: call.name, input: {} },
      });
      const args = JSON.stringify(call.args);
      const half = Math.ceil(args.length / 2);
      for (const partial_json of [args.slice(0, half), args.slice(half)])
        event("content_block_delta", { index, delta: { type: "input_json_delta", partial_json } });
      event("content_block_stop", { index });
      index++;
    }
    event("message_delta", {
      delta: { stop_reason: turn.toolCalls?.length ? "tool_use" : "end_turn", stop_sequence: null },
      usage: { output_tokens: usage.output },
    });
    event("message_stop", {});
    response.end();
  }

  async function googleStream(response: ServerResponse, turn: ScriptedTurn) {
    const whole = googleAnswer(turn);
    const data = (value: unknown) => response.write(`data: ${JSON.stringify(value)}\r\n\r\n`);
    startEvents(response);
    const texts = pieces(turn.text ?? "");
    for (const [i, text] of texts.entries()) {
      if (i > 0) await pause(turn.pieceDelayMs);
      const last = i === texts.length - 1 && !turn.toolCalls?.length;
      data({
        candidates: [
          {
            content: { role: "model", parts: [{ text }] },
            index: 0,
            ...(last ? { finishReason: "STOP" } : {}),
          },
        ],
        ...(last ? { usageMetadata: whole.usageMetadata } : {}),
        modelVersion: "gemini-2.5-pro",
      });
    }
    if (turn.toolCalls?.length) {
      data({
        candidates: [
          {
            content: {
              role: "model",
              parts: turn.toolCalls.map((call) => ({ functionCall: { name: call.name, args: call.args } })),
            },
            finishReason: "STOP",
            index: 0,
          },
        ],
        usageMetadata: whole.usageMetadata,
        modelVersion: "gemini-2.5-pro",
      });
    } else if (texts.length === 0) {
      data({ ...whole, modelVersion: "gemini-2.5-pro" });
    }
    response.end();
  }
  const fake = await startHttpFake(async (request, response) => {
    const [, provider, ...rest] = request.path.split("/");
    const path = `/${rest.join("/")}`;
    if (provider !== "openai" && provider !== "anthropic" && provider !== "google") {
      return json(response, 404, { error: { message: `No route ${request.path}` } });
    }
    if (!validKeys.has(keyOf(request))) return refuse(provider, response);
    if (request.method === "GET" && /\/models$/.test(path)) {
      if (provider === "openai")
        return json(response, 200, {
          object: "list",
          data: openaiModels.map((id) => ({ id, object: "model", created: 1721172717, owned_by: "library" })),
        });
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
    const headers = request.headers;
    if (provider === "openai" && path === "/v1/chat/completions") {
      const streamed = body.stream === true;
      calls.push({ provider, path, body, headers, streamed });
      const turn = await take();
      if (turn.fault) return fault(response, turn.fault, keyOf(request));
      if (streamed) return openaiStream(response, turn, body);
      return json(response, 200, openaiAnswer(turn, String(body.model)));
    }
    if (provider === "anthropic" && path === "/v1/messages") {
      const streamed = body.stream === true;
      calls.push({ provider, path, body, headers, streamed });
      const turn = await take();
      if (turn.fault) return fault(response, turn.fault, keyOf(request));
      if (streamed) return anthropicStream(response, turn, String(body.model));
      return json(response, 200, anthropicAnswer(turn, String(body.model)));
    }
    const gemini = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(path);
    if (provider === "google" && gemini) {
      const streamed = gemini[2] === "streamGenerateContent";
      if (streamed && request.query.get("alt") !== "sse") {
        return json(response, 400, { error: { code: 400, message: "This fake answers alt=sse only" } });
      }
      calls.push({ provider, path, body, headers, streamed });
      const turn = await take();
      if (turn.fault) return fault(response, turn.fault, keyOf(request));
      if (streamed) return googleStream(response, turn);
      return json(response, 200, googleAnswer(turn));
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
    openaiModels,
    script(next) {
      turns = [...next];
    },
    calls: () => calls,
    remainingTurns: () => turns.length,
  };
}
