// Which mailbox a "new Outlook mail" trigger watches: the connection of the project's first Outlook
// Email server, resolved as that server's calls are (its named or default shared connection, or in
// personal mode the trigger maker's own). Without a working one the trigger cannot be made, and the
// app says why beside the choice.

import type { App } from "../../../app-services.ts";
import { findChosenConnection } from "../../../integrations/connections/connection-choice.ts";
import { listingChoice } from "../../../servers/server-connection.ts";
import { serversOfProject } from "../../../servers/server-store.ts";

export const NO_OUTLOOK_SERVER =
  "Add Outlook Email to this project first: the trigger watches the Inbox of its connection.";
export const OUTLOOK_NOT_CONNECTED =
  "The project's Outlook Email has no working Microsoft connection: connect it first.";
export const OUTLOOK_NOT_CONNECTED_PERSONAL =
  "The project's Outlook Email uses each person's own account: connect your Microsoft account first.";

export type OutlookMailbox =
  | { connectionId: string; organizationId: string; label: string | null }
  | { unavailable: string };

export async function outlookMailboxOf(app: App, projectId: string, userId: string): Promise<OutlookMailbox> {
  const server = (await serversOfProject(app.db, projectId)).find(
    (each) => each.integrationId === "outlook-email",
  );
  if (!server) return { unavailable: NO_OUTLOOK_SERVER };
  const personal = server.connectionMode === "personal";
  const row = await findChosenConnection(
    app.db,
    server.organizationId,
    "microsoft",
    personal ? { kind: "personal", ownerUserId: userId } : listingChoice(server),
  );
  if (row?.status !== "active")
    return { unavailable: personal ? OUTLOOK_NOT_CONNECTED_PERSONAL : OUTLOOK_NOT_CONNECTED };
  return {
    connectionId: row.id,
    organizationId: server.organizationId,
    label: row.label ?? row.accountLabel,
  };
}
