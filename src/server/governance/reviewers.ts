// Who decides a project's held calls: the organization's owners and admins, and the project's own
// admins. The calling person confirms their own "confirm" calls; nobody approves their own request
// unless the project allows it.
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { organizationMember, projectMember, user } from "../db/schema/index.ts";

export interface Reviewer {
  userId: string;
  email: string;
  name: string;
}

export async function projectReviewers(
  db: Database,
  organizationId: string,
  projectId: string,
): Promise<Reviewer[]> {
  const columns = { userId: user.id, email: user.email, name: user.name };
  const [admins, projectAdmins] = await Promise.all([
    db
      .select(columns)
      .from(organizationMember)
      .innerJoin(user, eq(user.id, organizationMember.userId))
      .where(
        and(
          eq(organizationMember.organizationId, organizationId),
          inArray(organizationMember.role, ["owner", "admin"]),
        ),
      ),
    db
      .select(columns)
      .from(projectMember)
      .innerJoin(user, eq(user.id, projectMember.userId))
      .where(and(eq(projectMember.projectId, projectId), eq(projectMember.role, "admin"))),
  ]);
  const byId = new Map<string, Reviewer>();
  for (const reviewer of [...admins, ...projectAdmins]) byId.set(reviewer.userId, reviewer);
  return [...byId.values()];
}

export async function isProjectReviewer(
  db: Database,
  organizationId: string,
  projectId: string,
  userId: string,
): Promise<boolean> {
  return (await projectReviewers(db, organizationId, projectId)).some(
    (reviewer) => reviewer.userId === userId,
  );
}
