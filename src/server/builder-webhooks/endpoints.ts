// An organization's webhook endpoints, for the page (tRPC) and the management API alike. Each function
// takes `(app, { organizationId }, input)`: the caller has already decided who may act for the
// organization (a member's role, a management token's scope); every read and write here is confined to
// that organization, so another organization's endpoint is "not found", never reached.
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import {
  createEndpointInput,
  endpointIdInput,
  listEndpointsInput,
  updateEndpointInput,
  type WebhookEndpointView,
} from "../../lib/builder-webhooks/schemas.ts";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app-services.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { Database } from "../db/client.ts";
import { olderThan, pageOf } from "../db/keyset-page.ts";
import { project, projectAgent, webhookEndpoint } from "../db/schema/index.ts";
import { assertPublicUrl } from "../security/ssrf-guard.ts";
import { startDeliveriesEverywhere } from "./delivery-queue.ts";
import { newWebhookSecret, sealWebhookSecret } from "./endpoint-secret.ts";

export interface WebhookScope {
  organizationId: string;
  /** The person acting, for the audit log; null for a management token. */
  actorUserId?: string | null;
}

export const ENDPOINT_NOT_FOUND = "There is no such webhook endpoint in this organization.";
export const INVALID_CURSOR = "This page no longer exists: start again from the first page.";

type EndpointRow = typeof webhookEndpoint.$inferSelect;

const endpointColumns = {
  id: webhookEndpoint.id,
  url: webhookEndpoint.url,
  description: webhookEndpoint.description,
  eventTypes: webhookEndpoint.eventTypes,
  projectId: webhookEndpoint.projectId,
  projectName: project.name,
  agentId: webhookEndpoint.agentId,
  agentName: projectAgent.name,
  enabled: webhookEndpoint.enabled,
  createdAt: webhookEndpoint.createdAt,
  updatedAt: webhookEndpoint.updatedAt,
};

function selectEndpoints(db: Database) {
  return db
    .select(endpointColumns)
    .from(webhookEndpoint)
    .leftJoin(project, eq(project.id, webhookEndpoint.projectId))
    .leftJoin(projectAgent, eq(projectAgent.id, webhookEndpoint.agentId));
}

async function readEndpoint(db: Database, organizationId: string, endpointId: string) {
  const [row] = await selectEndpoints(db).where(
    and(eq(webhookEndpoint.organizationId, organizationId), eq(webhookEndpoint.id, endpointId)),
  );
  if (!row) throw new AppError("NOT_FOUND", ENDPOINT_NOT_FOUND);
  return row satisfies WebhookEndpointView;
}

/** The endpoint row itself (secret included) of this organization, or NOT_FOUND. */
export async function requireEndpointRow(
  db: Database,
  organizationId: string,
  endpointId: string,
): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.organizationId, organizationId), eq(webhookEndpoint.id, endpointId)));
  if (!row) throw new AppError("NOT_FOUND", ENDPOINT_NOT_FOUND);
  return row;
}

/** The URL through the SSRF guard now, so a private address is refused in the form, not at delivery. */
async function checkedUrl(app: App, url: string): Promise<string> {
  return (await assertPublicUrl(url, { allowPrivateNetworks: app.config.allowPrivateUrls })).toString();
}

/** The project and agent filters, checked to be this organization's; an agent implies its project. */
async function checkedFilter(
  db: Database,
  organizationId: string,
  filter: { projectId: string | null; agentId: string | null },
) {
  if (filter.agentId) {
    const [agent] = await db
      .select({ projectId: projectAgent.projectId })
      .from(projectAgent)
      .innerJoin(project, eq(project.id, projectAgent.projectId))
      .where(and(eq(projectAgent.id, filter.agentId), eq(project.organizationId, organizationId)));
    if (!agent) throw new AppError("BAD_REQUEST", "There is no such agent in this organization.");
    if (filter.projectId && filter.projectId !== agent.projectId) {
      throw new AppError("BAD_REQUEST", "That agent belongs to another project.");
    }
    return { projectId: agent.projectId, agentId: filter.agentId };
  }
  if (filter.projectId) {
    const [found] = await db
      .select({ id: project.id })
      .from(project)
      .where(and(eq(project.id, filter.projectId), eq(project.organizationId, organizationId)));
    if (!found) throw new AppError("BAD_REQUEST", "There is no such project in this organization.");
  }
  return { projectId: filter.projectId, agentId: null };
}

const auditTarget = (row: { id: string; url: string }) => ({
  type: "webhook_endpoint" as const,
  id: row.id,
  label: row.url,
});

export async function createEndpoint(
  app: App,
  scope: WebhookScope,
  raw: z.input<typeof createEndpointInput>,
) {
  const input = createEndpointInput.parse(raw);
  const url = await checkedUrl(app, input.url);
  const filter = await checkedFilter(app.db, scope.organizationId, input);
  const id = `whe_${crypto.randomUUID().replaceAll("-", "")}`;
  const secret = newWebhookSecret();
  const now = new Date();
  await app.db.transaction(async (tx) => {
    await tx.insert(webhookEndpoint).values({
      id,
      organizationId: scope.organizationId,
      url,
      description: input.description,
      eventTypes: input.eventTypes,
      ...filter,
      enabled: input.enabled,
      ...sealWebhookSecret(app.keyring, id, secret),
      createdBy: scope.actorUserId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await recordAuditEvent(tx, {
      organizationId: scope.organizationId,
      action: "webhook.created",
      actorId: scope.actorUserId ?? null,
      target: auditTarget({ id, url }),
      details: { events: input.eventTypes.join(", "), enabled: input.enabled },
    });
  });
  // Deliveries need a worker on every replica from now on (the queue starts lazily).
  await startDeliveriesEverywhere(app);
  return { endpoint: await readEndpoint(app.db, scope.organizationId, id), secret };
}

export async function listEndpoints(
  app: App,
  scope: WebhookScope,
  raw: z.input<typeof listEndpointsInput> = {},
) {
  const input = listEndpointsInput.parse(raw);
  const where = [eq(webhookEndpoint.organizationId, scope.organizationId)];
  if (input.cursor)
    where.push(olderThan(input.cursor, webhookEndpoint.createdAt, webhookEndpoint.id, INVALID_CURSOR));
  const rows = await selectEndpoints(app.db)
    .where(and(...where))
    .orderBy(desc(webhookEndpoint.createdAt), desc(webhookEndpoint.id))
    .limit(input.limit + 1);
  return pageOf(rows, input.limit);
}

export async function getEndpoint(app: App, scope: WebhookScope, raw: z.input<typeof endpointIdInput>) {
  const input = endpointIdInput.parse(raw);
  return readEndpoint(app.db, scope.organizationId, input.endpointId);
}

export async function updateEndpoint(
  app: App,
  scope: WebhookScope,
  raw: z.input<typeof updateEndpointInput>,
) {
  const input = updateEndpointInput.parse(raw);
  const row = await requireEndpointRow(app.db, scope.organizationId, input.endpointId);
  const url = input.url === undefined ? row.url : await checkedUrl(app, input.url);
  const filterChanged = input.projectId !== undefined || input.agentId !== undefined;
  const filter = filterChanged
    ? await checkedFilter(app.db, scope.organizationId, {
        projectId: input.projectId === undefined ? (input.agentId ? null : row.projectId) : input.projectId,
        agentId: input.agentId === undefined ? row.agentId : input.agentId,
      })
    : {};
  await app.db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoint)
      .set({
        url,
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.eventTypes === undefined ? {} : { eventTypes: input.eventTypes }),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        ...filter,
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoint.id, row.id));
    await recordAuditEvent(tx, {
      organizationId: scope.organizationId,
      action: "webhook.updated",
      actorId: scope.actorUserId ?? null,
      target: auditTarget({ id: row.id, url }),
      details: {
        ...(url === row.url ? {} : { previousUrl: row.url }),
        ...(input.eventTypes ? { events: input.eventTypes.join(", ") } : {}),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      },
    });
  });
  return readEndpoint(app.db, scope.organizationId, row.id);
}

export async function deleteEndpoint(app: App, scope: WebhookScope, raw: z.input<typeof endpointIdInput>) {
  const input = endpointIdInput.parse(raw);
  const row = await requireEndpointRow(app.db, scope.organizationId, input.endpointId);
  await app.db.transaction(async (tx) => {
    // Its deliveries go with it (cascade); a queued job for one finds nothing and ends.
    await tx.delete(webhookEndpoint).where(eq(webhookEndpoint.id, row.id));
    await recordAuditEvent(tx, {
      organizationId: scope.organizationId,
      action: "webhook.deleted",
      actorId: scope.actorUserId ?? null,
      target: auditTarget(row),
    });
  });
  return { id: row.id, deleted: true as const };
}

/** A new secret from now on; the old one stops signing at once (receivers update theirs). */
export async function rotateSecret(app: App, scope: WebhookScope, raw: z.input<typeof endpointIdInput>) {
  const input = endpointIdInput.parse(raw);
  const row = await requireEndpointRow(app.db, scope.organizationId, input.endpointId);
  const secret = newWebhookSecret();
  await app.db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoint)
      .set({ ...sealWebhookSecret(app.keyring, row.id, secret), updatedAt: new Date() })
      .where(eq(webhookEndpoint.id, row.id));
    await recordAuditEvent(tx, {
      organizationId: scope.organizationId,
      action: "webhook.secret_rotated",
      actorId: scope.actorUserId ?? null,
      target: auditTarget(row),
    });
  });
  return { endpoint: await readEndpoint(app.db, scope.organizationId, row.id), secret };
}
