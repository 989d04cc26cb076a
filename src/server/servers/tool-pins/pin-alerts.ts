// Mails a server's newly detected definition changes to the project's admins (organization owners
// and admins, and the project's own admins). The write that recorded a change claimed it
// (pin-store.ts), so each change is mailed once, whichever replica and listing saw it. Sent in the
// background: the listing that found the change does not wait for SMTP.
import { and, eq, inArray, or } from "drizzle-orm";
import type { App } from "../../app-services.ts";
import { backgroundWork } from "../../background-work.ts";
import { organizationMember, project, projectMember, user } from "../../db/schema/index.ts";
import { gatewayToolName, serverDisplayName } from "../server-names.ts";
import type { ServerRecord } from "../server-store.ts";
import type { HeldTool } from "./changed-fields.ts";
import { definitionChangeEmail } from "./pin-alert-text.ts";

export type DetectedChange = HeldTool;

const sending = backgroundWork("definition-change-mail");

export function mailDefinitionChanges(app: App, server: ServerRecord, changes: DetectedChange[]): void {
  sending.start(app, sendMails(app, server, changes));
}

/** Waits for the mails under way (a clean stop, tests). */
export async function definitionMailsSettled(app: App): Promise<void> {
  await sending.settled(app);
}

async function projectAdminEmails(app: App, projectId: string): Promise<{ name: string; emails: string[] }> {
  const [row] = await app.db.select().from(project).where(eq(project.id, projectId));
  if (!row) return { name: "", emails: [] };
  const admins = await app.db
    .selectDistinct({ email: user.email })
    .from(organizationMember)
    .innerJoin(user, eq(user.id, organizationMember.userId))
    .leftJoin(
      projectMember,
      and(eq(projectMember.projectId, projectId), eq(projectMember.userId, organizationMember.userId)),
    )
    .where(
      and(
        eq(organizationMember.organizationId, row.organizationId),
        or(inArray(organizationMember.role, ["owner", "admin"]), eq(projectMember.role, "admin")),
      ),
    );
  return { name: row.name, emails: admins.map((admin) => admin.email) };
}

async function sendMails(app: App, server: ServerRecord, changes: DetectedChange[]) {
  const { name, emails } = await projectAdminEmails(app, server.projectId);
  for (const to of emails) {
    await app.mailer.send(
      definitionChangeEmail({
        to,
        projectId: server.projectId,
        projectName: name,
        serverName: serverDisplayName(server),
        changes: changes.map((change) => ({
          ...change,
          gatewayName: gatewayToolName(server.name, change.name),
        })),
        baseUrl: app.config.baseUrl,
      }),
    );
  }
}
