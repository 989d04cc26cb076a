// The tenancy check every external-user function starts with: the project must belong to the
// organization the caller (a management token, a member in the app) speaks for. Anything else is "not
// found", so another organization's project ids reveal nothing.
import { and, eq } from "drizzle-orm";
import type { AuditAction } from "../../lib/audit-actions.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { Database } from "../db/client.ts";
import { project } from "../db/schema/index.ts";
import { PROJECT_NOT_FOUND } from "../projects/access.ts";

export interface ProjectScope {
  organizationId: string;
  projectId: string;
  /** Who acts, for the audit log: the member in the app, a management token's creator. */
  actorUserId?: string | null;
}

export async function requireScopedProject(db: Database, scope: ProjectScope) {
  const [row] = await db
    .select({ id: project.id, organizationId: project.organizationId, name: project.name })
    .from(project)
    .where(and(eq(project.id, scope.projectId), eq(project.organizationId, scope.organizationId)));
  if (!row) throw new AppError("NOT_FOUND", PROJECT_NOT_FOUND);
  return row;
}

/** Parses a service function's input with its schema; a client's mistake is a BAD_REQUEST naming it. */
export function parseInput<T>(
  schema: {
    safeParse(
      input: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: Array<{ message: string; path: PropertyKey[] }> } };
  },
  input: unknown,
): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.map(String).join(".")}: ` : "";
  throw new AppError("BAD_REQUEST", `${where}${issue?.message ?? "Invalid input"}`);
}

/** An external user's change, in the organization's audit log (record-audit-event.ts). */
export async function auditExternalUser(
  db: Database,
  scope: ProjectScope,
  action: Extract<AuditAction, `external_user.${string}`>,
  externalId: string,
  details?: Record<string, unknown>,
) {
  const project = await requireScopedProject(db, scope);
  await recordAuditEvent(db, {
    organizationId: scope.organizationId,
    action,
    actorId: scope.actorUserId ?? null,
    project,
    target: { type: "external_user", id: externalId, label: externalId },
    details,
  });
}
