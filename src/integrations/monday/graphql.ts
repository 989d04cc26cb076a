// monday.com's one GraphQL endpoint (POST /v2, API-Version pinned in _providers/monday.ts). GraphQL
// answers its errors with HTTP 200: `errors: [{ message, extensions: { code } }]`, or the older
// `{ error_code, error_message, status_code }`; both end the tool as an error instead of a success.
// https://developer.monday.com/api-reference/docs/error-handling
// A list is read only where the query put it (listAt): a `data` without it (null, another shape after an
// API-Version change) is a tool error naming the path, never an empty list that looks like "none found".

import { type CodeToolContext, ToolFailure } from "../_kit/code-tools.ts";
import { toolError } from "../_kit/tool-result.ts";

interface GraphqlError {
  message?: string;
  extensions?: { code?: string };
}

export interface GraphqlAnswer<T> {
  data?: T;
  errors?: GraphqlError[];
  error_code?: string;
  error_message?: string;
  status_code?: number;
  account_id?: number;
}

/** The answer's error as one sentence, or null when there is none. */
export function graphqlError(answer: GraphqlAnswer<unknown>): string | null {
  if (Array.isArray(answer.errors) && answer.errors.length > 0) {
    const parts = answer.errors.map((error) => {
      const code = error.extensions?.code;
      return `${error.message ?? "unknown error"}${code ? ` (${code})` : ""}`;
    });
    return `monday.com refused the request: ${parts.join("; ")}`;
  }
  if (answer.error_code || answer.error_message) {
    const code = answer.error_code ? ` (${answer.error_code})` : "";
    return `monday.com refused the request: ${answer.error_message ?? "unknown error"}${code}`;
  }
  return null;
}

export async function graphql<T>(
  context: CodeToolContext,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphqlAnswer<T>> {
  const answer = await context.request<GraphqlAnswer<T>>({
    method: "POST",
    path: "/v2",
    body: { query, variables },
  });
  const failure = graphqlError(answer);
  if (failure) throw new ToolFailure(toolError(failure));
  return answer;
}

function kindOf(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") {
    const keys = Object.keys(value).slice(0, 5);
    return keys.length ? `an object with ${keys.map((key) => `"${key}"`).join(", ")}` : "an empty object";
  }
  return `a ${typeof value}`;
}

const pathText = (path: readonly (string | number)[]) =>
  ["data", ...path]
    .map((step) => (typeof step === "number" ? `[${step}]` : `.${step}`))
    .join("")
    .slice(1);

/** The value at `path` under the answer's `data` (undefined where a step is missing). */
export function valueAt(answer: GraphqlAnswer<unknown>, path: readonly (string | number)[]): unknown {
  let value: unknown = answer.data;
  for (const step of path) {
    value =
      typeof value === "object" && value !== null ? (value as Record<string, unknown>)[step] : undefined;
  }
  return value;
}

/** Ends the tool: the answer is not in the shape the query asked for. */
export function unexpectedShape(path: readonly (string | number)[], value: unknown, expected: string): never {
  throw new ToolFailure(
    toolError(
      `monday.com answered in an unexpected shape: expected ${expected} at ${pathText(path)}, got ${kindOf(value)}.`,
    ),
  );
}

/** The list at `path` under `data`, as the query asked for it; any other answer ends the tool. */
export function listAt(answer: GraphqlAnswer<unknown>, path: readonly (string | number)[]): unknown[] {
  const value = valueAt(answer, path);
  if (!Array.isArray(value)) unexpectedShape(path, value, "a list");
  return value;
}

/** The object at `path` under `data` (what a mutation answers); anything else ends the tool. */
export function recordAt(answer: GraphqlAnswer<unknown>, path: readonly (string | number)[]) {
  const value = valueAt(answer, path);
  if (typeof value !== "object" || value === null || Array.isArray(value))
    unexpectedShape(path, value, "an object");
  return value as Record<string, unknown>;
}

/** The one record a lookup by id asked for (`boards(ids:)`, `items(ids:)`); none is a tool error. */
export function onlyRecord(
  answer: GraphqlAnswer<unknown>,
  path: readonly (string | number)[],
  missing: string,
): Record<string, unknown> {
  const [record] = listAt(answer, path);
  if (record === undefined) throw new ToolFailure(toolError(missing));
  if (typeof record !== "object" || record === null || Array.isArray(record))
    unexpectedShape([...path, 0], record, "an object");
  return record as Record<string, unknown>;
}

/** Page-numbered lists (boards, users, updates): a full page may have a next one. */
export function numberedPage(key: string, list: unknown[], args: { limit: number; page: number }) {
  return { [key]: list, ...(list.length === args.limit ? { next_page: args.page + 1 } : {}) };
}
