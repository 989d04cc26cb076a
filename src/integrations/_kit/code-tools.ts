// Tools written as code next to an integration's OpenAPI document, for what a document cannot say: a
// message built from fields (Gmail's base64url RFC 2822 `raw`), a body decoded for reading, two calls
// in one tool. They call the provider through the same connection, deadline, retries and error
// wording as generated tools (server/integrations/engine/openapi/openapi-engine.ts); arguments are
// checked against `inputSchema` first.
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ListAnswer, ListShape } from "./list-answer.ts";
import type { ToolDescription } from "./tool-description.ts";
import { toolError } from "./tool-result.ts";

// Kept importable from here: integrations and engines name them next to defineCodeTool.
export { jsonResult, ToolFailure } from "./tool-result.ts";

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

export interface UpstreamCall {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Appended to the document's server URL, e.g. /users/me/messages. Encode path parameters. */
  path: string;
  /** Arrays repeat the key; undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is with its content type instead of `body` (a multipart upload). */
  content?: { type: string; body: string };
  /** The Accept header (default application/json). */
  accept?: string;
  /** "root": `path` is relative to the connection's API base, not the document's server URL. */
  base?: "server" | "root";
  /**
   * Whether a failed exchange may be sent again (default: GET, PUT and DELETE). false where the API
   * creates with PUT (Raynet), so a retry could create the record twice.
   */
  retryable?: boolean;
  /** More request headers (Graph's Prefer, ConsistencyLevel); the connection's auth still goes last. */
  headers?: Record<string, string>;
  /**
   * A next-page link from the provider's answer (Graph's @odata.nextLink), sent instead of path and
   * query. It must lie under the document's server URL, so a model cannot aim the connection's token
   * anywhere else.
   */
  link?: string;
  /**
   * A pre-authenticated download URL from the provider's answer (Graph's
   * @microsoft.graph.downloadUrl): fetched without the connection's credentials, through the SSRF guard.
   */
  preauthenticated?: string;
  /**
   * "preauthenticated": the answer may be a redirect to a pre-authenticated URL (Graph's
   * /items/{id}/content answers 302 to the item's download URL); that URL is then fetched as
   * `preauthenticated` is, never with the connection's credentials. Read with requestBytes.
   */
  redirect?: "preauthenticated";
}

export interface UpstreamText {
  text: string;
  contentType: string;
}

export interface UpstreamBytes {
  bytes: Uint8Array;
  contentType: string;
  /** The answer was longer than the bytes asked for: `bytes` holds only its start. */
  truncated: boolean;
}

export interface CodeToolContext {
  /**
   * The connection's API base that `base: "root"` paths extend (Salesforce's instance_url): what a pack
   * learns about the provider's host (Salesforce's API version) is kept under it.
   */
  apiBase: string;
  /** The provider's parsed JSON answer; an HTTP error or a failed call ends the tool with its message. */
  request<T = unknown>(call: UpstreamCall): Promise<T>;
  /**
   * A list answer's records, taken from where `shape` says (list-answer.ts); an answer of another shape
   * ends the tool with an error naming what came, never an empty list.
   */
  requestList(call: UpstreamCall, shape: ListShape): Promise<ListAnswer>;
  /** The answer as text with its content type (an exported document, a downloaded file). */
  requestText(call: UpstreamCall): Promise<UpstreamText>;
  /** The answer's first `maxBytes` bytes (a downloaded PDF or Office file), never more. */
  requestBytes(call: UpstreamCall, maxBytes: number): Promise<UpstreamBytes>;
}

export interface CodeTool extends ToolDescription {
  run(args: Record<string, unknown>, context: CodeToolContext): Promise<CallToolResult>;
}

export function defineCodeTool<Input extends z.ZodObject>(tool: {
  name: string;
  title: string;
  description: string;
  input: Input;
  annotations: ToolAnnotations;
  run(args: z.infer<Input>, context: CodeToolContext): Promise<CallToolResult>;
}): CodeTool {
  const { $schema: _, ...inputSchema } = z.toJSONSchema(tool.input, { io: "input" }) as Record<
    string,
    unknown
  >;
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputSchema as ToolDescription["inputSchema"],
    annotations: { openWorldHint: true, ...tool.annotations },
    // The arguments passed the JSON schema already; parsing applies zod's defaults and its refinements.
    run: (args, context) => {
      const parsed = tool.input.safeParse(args);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
        return Promise.resolve(toolError(`Invalid arguments for ${tool.name}: ${where}${issue?.message}`));
      }
      return tool.run(parsed.data as z.infer<Input>, context);
    },
  };
}
