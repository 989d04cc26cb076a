// Better Auth takes a person's name as it comes: an object was stored as "[object Object]", a
// 100,000-character name was accepted, null failed in the database (a 500), and sign-up took an empty
// name. The forms' rules (lib/validation.ts) are applied here too, so the server refuses what the forms
// would, with the same message, and stores the trimmed name.
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { personNameField } from "../../lib/validation.ts";

/** Endpoints that take a name, and whether they require one. */
const NAME_REQUIRED: Record<string, boolean> = {
  "/sign-up/email": true,
  "/admin/create-user": true,
  "/update-user": false,
};

export function profileValidation(): BetterAuthPlugin {
  return {
    id: "profile-validation",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path !== undefined && ctx.path in NAME_REQUIRED,
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as unknown;
            if (typeof body !== "object" || body === null || Array.isArray(body)) {
              throw new APIError("BAD_REQUEST", { message: "The request body must be a JSON object" });
            }
            const required = NAME_REQUIRED[ctx.path] ?? false;
            if (!required && !("name" in body)) return;
            const parsed = personNameField.safeParse((body as { name?: unknown }).name);
            if (!parsed.success) {
              throw new APIError("BAD_REQUEST", {
                message: parsed.error.issues[0]?.message ?? "Invalid name",
              });
            }
            return { context: { body: { ...body, name: parsed.data } } };
          }),
        },
      ],
    },
  };
}
