// The conformance suite's tools that talk back to the client while they run: log messages, progress,
// sampling and elicitation requests, and closing the response stream mid-call (SSE polling). Requests
// to the client go out on the tool call's own stream, so they need the fixture's stateful sessions.
import {
  CreateMessageResultSchema,
  type ElicitRequestFormParams,
  ElicitResultSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { type FixtureTool, type FixtureToolContext, text, toolError } from "./fixture-types.ts";

const NO_ARGUMENTS = { type: "object" as const, properties: {} };
const STEP_DELAY_MS = 50;
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

const samplingArguments = z.object({ prompt: z.string().min(1, "prompt is required") });
const elicitationArguments = z.object({ message: z.string().min(1, "message is required") });

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function elicit(context: FixtureToolContext, params: ElicitRequestFormParams, label: string) {
  if (!context.clientCapabilities?.elicitation) {
    return toolError("The client did not declare the elicitation capability");
  }
  try {
    const result = await context.extra.sendRequest(
      { method: "elicitation/create", params },
      ElicitResultSchema,
    );
    return {
      content: [text(`${label}: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`)],
    };
  } catch (error) {
    return toolError(`Elicitation failed: ${errorText(error)}`);
  }
}

export const interactiveTools: FixtureTool[] = [
  {
    definition: {
      name: "test_tool_with_logging",
      description: "Sends three info log messages while it runs, 50 ms apart.",
      inputSchema: NO_ARGUMENTS,
    },
    run: async (_args, context) => {
      await context.log("info", "Tool execution started");
      await sleep(STEP_DELAY_MS, context.extra.signal);
      await context.log("info", "Tool processing data");
      await sleep(STEP_DELAY_MS, context.extra.signal);
      await context.log("info", "Tool execution completed");
      return { content: [text("Tool with logging executed successfully")] };
    },
  },
  {
    definition: {
      name: "test_tool_with_progress",
      description: "Reports progress 0, 50 and 100 of 100 when the call carries a progress token.",
      inputSchema: NO_ARGUMENTS,
    },
    run: async (_args, { extra }) => {
      const progressToken = extra._meta?.progressToken;
      for (const [index, progress] of [0, 50, 100].entries()) {
        if (index > 0) await sleep(STEP_DELAY_MS, extra.signal);
        if (progressToken !== undefined) {
          await extra.sendNotification({
            method: "notifications/progress",
            params: { progressToken, progress, total: 100, message: `Completed ${progress} of 100` },
          });
        }
      }
      return { content: [text("Tool with progress executed successfully")] };
    },
  },
  {
    definition: {
      name: "test_sampling",
      description: "Asks the client's LLM to answer a prompt (sampling/createMessage).",
      inputSchema: {
        type: "object",
        properties: { prompt: { type: "string", description: "The prompt to send to the LLM" } },
        required: ["prompt"],
      },
    },
    run: async (args, context) => {
      const parsed = samplingArguments.safeParse(args);
      if (!parsed.success) return toolError(`Invalid arguments: ${z.prettifyError(parsed.error)}`);
      if (!context.clientCapabilities?.sampling) {
        return toolError("The client did not declare the sampling capability");
      }
      try {
        const result = await context.extra.sendRequest(
          {
            method: "sampling/createMessage",
            params: {
              messages: [{ role: "user", content: { type: "text", text: parsed.data.prompt } }],
              maxTokens: 100,
            },
          },
          CreateMessageResultSchema,
        );
        const answer = result.content.type === "text" ? result.content.text : `(${result.content.type})`;
        return { content: [text(`LLM response: ${answer}`)] };
      } catch (error) {
        return toolError(`Sampling failed: ${errorText(error)}`);
      }
    },
  },
  {
    definition: {
      name: "test_elicitation",
      description: "Asks the user for a username and email (elicitation/create).",
      inputSchema: {
        type: "object",
        properties: { message: { type: "string", description: "The message to show the user" } },
        required: ["message"],
      },
    },
    run: async (args, context) => {
      const parsed = elicitationArguments.safeParse(args);
      if (!parsed.success) return toolError(`Invalid arguments: ${z.prettifyError(parsed.error)}`);
      return elicit(
        context,
        {
          message: parsed.data.message,
          requestedSchema: {
            type: "object",
            properties: {
              username: { type: "string", description: "User's response" },
              email: { type: "string", description: "User's email address" },
            },
            required: ["username", "email"],
          },
        },
        "User response",
      );
    },
  },
  {
    definition: {
      name: "test_elicitation_sep1034_defaults",
      description: "Elicits a form whose fields of every primitive type carry default values (SEP-1034).",
      inputSchema: NO_ARGUMENTS,
    },
    run: (_args, context) =>
      elicit(
        context,
        {
          message: "Please review and update the form fields with defaults",
          requestedSchema: {
            type: "object",
            properties: {
              name: { type: "string", description: "User name", default: "John Doe" },
              age: { type: "integer", description: "User age", default: 30 },
              score: { type: "number", description: "User score", default: 95.5 },
              status: {
                type: "string",
                description: "User status",
                enum: ["active", "inactive", "pending"],
                default: "active",
              },
              verified: { type: "boolean", description: "Verification status", default: true },
            },
          },
        },
        "Elicitation completed",
      ),
  },
  {
    definition: {
      name: "test_elicitation_sep1330_enums",
      description:
        "Elicits a form with every enum variant: untitled, titled, legacy, multi-select (SEP-1330).",
      inputSchema: NO_ARGUMENTS,
    },
    run: (_args, context) =>
      elicit(
        context,
        {
          message: "Please select options from the enum fields",
          requestedSchema: {
            type: "object",
            properties: {
              untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
              titledSingle: {
                type: "string",
                oneOf: [
                  { const: "value1", title: "First Option" },
                  { const: "value2", title: "Second Option" },
                  { const: "value3", title: "Third Option" },
                ],
              },
              legacyEnum: {
                type: "string",
                enum: ["opt1", "opt2", "opt3"],
                enumNames: ["Option One", "Option Two", "Option Three"],
              },
              untitledMulti: {
                type: "array",
                items: { type: "string", enum: ["option1", "option2", "option3"] },
              },
              titledMulti: {
                type: "array",
                items: {
                  anyOf: [
                    { const: "value1", title: "First Choice" },
                    { const: "value2", title: "Second Choice" },
                    { const: "value3", title: "Third Choice" },
                  ],
                },
              },
            },
          },
        },
        "Elicitation completed",
      ),
  },
  {
    definition: {
      name: "test_reconnection",
      description:
        "Closes its response stream mid-call, then answers; the client gets the result by reconnecting " +
        "with Last-Event-ID (SSE polling, SEP-1699).",
      inputSchema: NO_ARGUMENTS,
    },
    run: async (_args, { extra }) => {
      // The transport offers closeSSEStream only when the stream can be resumed (event store, and a
      // client on protocol 2025-11-25 or later that got a priming event). Otherwise the answer stays on
      // the open stream: closing it would lose the result.
      extra.closeSSEStream?.();
      await sleep(100, extra.signal);
      return {
        content: [
          text(`Reconnection test completed (stream closed mid-call: ${Boolean(extra.closeSSEStream)})`),
        ],
      };
    },
  },
];
