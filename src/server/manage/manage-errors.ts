// One error shape for every management API answer: `{ error: { code, message, fields? } }`. The codes
// are requirements §8's, plus three §8 has no word for: CONFLICT (an idempotency key reused for another
// request, or still in flight), TOO_MANY_REQUESTS (the token's rate limit) and INTERNAL_ERROR (our fault).
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { AppError, appErrorCodes, httpStatusOf } from "../../lib/errors.ts";
import { reportError } from "../observability/report-error.ts";

export const MANAGE_ERROR_CODES = [
  ...appErrorCodes,
  "CONFLICT",
  "TOO_MANY_REQUESTS",
  "INTERNAL_ERROR",
] as const;
export type ManageErrorCode = (typeof MANAGE_ERROR_CODES)[number];

const statusOf: Record<ManageErrorCode, ContentfulStatusCode> = {
  ...(httpStatusOf as Record<(typeof appErrorCodes)[number], ContentfulStatusCode>),
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
};

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(MANAGE_ERROR_CODES),
      message: z.string(),
      /** Per input field, what is wrong with it (a refused body, query or path). */
      fields: z.record(z.string(), z.array(z.string())).optional(),
    }),
  })
  .meta({
    id: "Error",
    description: "Every refusal: a code, a sentence for people, and the fields at fault.",
  });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Raised by route handlers and middleware for the codes AppError does not have. */
export class ManageError extends Error {
  readonly code: ManageErrorCode;
  readonly headers: Record<string, string>;

  constructor(code: ManageErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.headers = headers;
  }
}

export function errorResponse(
  code: ManageErrorCode,
  message: string,
  options: { fields?: Record<string, string[]>; headers?: Record<string, string> } = {},
): Response {
  const body: ErrorBody = { error: { code, message, ...(options.fields ? { fields: options.fields } : {}) } };
  return Response.json(body, { status: statusOf[code], headers: options.headers });
}

/** A zod refusal of the request's body, query or path, as the fields at fault. */
export function validationErrorResponse(error: z.ZodError, target: string): Response {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : target;
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return errorResponse("BAD_REQUEST", `The request's ${target} is not valid.`, { fields });
}

/** The API's onError: what a handler threw, as the one shape; anything unexpected is reported, not shown. */
export function answerError(error: Error, c: Context): Response {
  if (error instanceof AppError) return errorResponse(error.code, error.message);
  if (error instanceof ManageError)
    return errorResponse(error.code, error.message, { headers: error.headers });
  if (error instanceof HTTPException) {
    // Hono's own refusals: a body without a JSON content type (415), malformed JSON (400).
    const status = error.status;
    const message =
      status === 415
        ? "Send the body as JSON with Content-Type: application/json."
        : error.message || "The request could not be read.";
    return Response.json({ error: { code: "BAD_REQUEST", message } } satisfies ErrorBody, { status });
  }
  reportError(error, { where: `manage:${c.req.method} ${c.req.routePath}` });
  return errorResponse("INTERNAL_ERROR", "An unexpected error occurred. Please try again later.");
}

/** The refusals every operation can answer, for its OpenAPI description. */
export const commonErrorResponses = Object.fromEntries(
  (
    [
      [400, "The request is not valid: see `error.fields`."],
      [401, "No management token, or one that is unknown, revoked or expired."],
      [403, "The token's scopes do not grant this."],
      [404, "Nothing with this id in the token's organization."],
      [429, "Too many requests with this token: wait for `Retry-After` seconds."],
    ] as const
  ).map(([status, description]) => [
    status,
    { description, content: { "application/json": { schema: errorBodySchema } } },
  ]),
) as Record<
  400 | 401 | 403 | 404 | 429,
  { description: string; content: { "application/json": { schema: typeof errorBodySchema } } }
>;
