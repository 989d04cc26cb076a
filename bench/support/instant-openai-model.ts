// A model that answers at once, in this process: fetch is wrapped so that calls to MODEL_BASE_URL are
// answered without a socket, in OpenAI's documented Chat Completions shapes (GET /models "List models";
// POST /chat/completions with stream: true as `data:` chunks of chat.completion.chunk, tool calls as
// deltas, finish_reason, a usage chunk when stream_options.include_usage, then `data: [DONE]`). The
// bench then times Portico's own work per agent step, not a loopback socket or a fake's event loop.
// What the fake itself does (reading the request's JSON, writing the answer's chunks: a provider's
// work, on the provider's machine) is timed, wall and this thread's CPU, for the bench to take off.
export const MODEL_BASE_URL = "http://instant-model.invalid/v1";

export interface InstantTurn {
  text?: string;
  toolCall?: { name: string; args: Record<string, unknown> };
}

/** Time the fake spent answering, in milliseconds: wall and CPU (the answering thread's). */
export interface ModelTime {
  wall: number;
  cpu: number;
}

const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

export function installInstantModel(): { script(turns: InstantTurn[]): void; spent(): ModelTime } {
  let turns: InstantTurn[] = [];
  let counter = 0;
  const spent: ModelTime = { wall: 0, cpu: 0 };
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(MODEL_BASE_URL)) return original(input, init);
    const started = performance.now();
    const cpuStarted = threadCpuMs();
    try {
      return answer(url, init);
    } finally {
      spent.wall += performance.now() - started;
      spent.cpu += threadCpuMs() - cpuStarted;
    }
  }) as typeof fetch;

  // Synchronous, so the time above is the fake's own and nothing else's.
  function answer(url: string, init: RequestInit | undefined): Response {
    if (url.endsWith("/models"))
      return Response.json({ object: "list", data: [{ id: "gpt-4.1", object: "model" }] });
    const body = JSON.parse(String(init?.body ?? "{}")) as { model: string; stream?: boolean };
    const turn = turns.shift() ?? { text: "(script exhausted)" };
    const id = `chatcmpl-${++counter}`;
    const chunks: unknown[] = [];
    const delta = (value: Record<string, unknown>, finish: string | null = null) =>
      chunks.push({
        id,
        object: "chat.completion.chunk",
        created: 1,
        model: body.model,
        choices: [{ index: 0, delta: value, finish_reason: finish }],
      });
    delta({ role: "assistant", content: "" });
    if (turn.text) delta({ content: turn.text });
    if (turn.toolCall)
      delta({
        tool_calls: [
          {
            index: 0,
            id: `call_${counter}`,
            type: "function",
            function: { name: turn.toolCall.name, arguments: JSON.stringify(turn.toolCall.args) },
          },
        ],
      });
    delta({}, turn.toolCall ? "tool_calls" : "stop");
    chunks.push({
      id,
      object: "chat.completion.chunk",
      created: 1,
      model: body.model,
      choices: [],
      usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
    });
    if (!body.stream) {
      return Response.json({
        id,
        object: "chat.completion",
        created: 1,
        model: body.model,
        choices: [
          { index: 0, message: { role: "assistant", content: turn.text ?? "" }, finish_reason: "stop" },
        ],
        usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
      });
    }
    const text = `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join("")}data: [DONE]\n\n`;
    return new Response(text, { headers: { "content-type": "text/event-stream" } });
  }
  return {
    script(next) {
      turns = [...next];
    },
    spent: () => ({ ...spent }),
  };
}
