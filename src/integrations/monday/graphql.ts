// monday.com's one GraphQL endpoint (POST /v2, API-Version pinned in _providers/monday.ts). GraphQL
// answers its errors with HTTP 200: `errors: [{ message, extensions: { code } }]`, or the older
// `{ error_code, error_message, status_code }`; both end the tool as an error instead of a success.
// https://developer.monday.com/api-reference/docs/error-handling
import { toolError } from "../../server/gateway/tool-types.ts";
import { type CodeToolContext, ToolFailure } from "../../server/integrations/engine/openapi/code-tools.ts";

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

/** Page-numbered lists (boards, users, updates): a full page may have a next one. */
export function numberedPage<T>(key: string, items: T[] | undefined, args: { limit: number; page: number }) {
  const list = items ?? [];
  return { [key]: list, ...(list.length === args.limit ? { next_page: args.page + 1 } : {}) };
}
