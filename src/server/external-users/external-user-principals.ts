// "pxu_" tokens → the gateway's Principal for that external user. Only a token of that shape reaches
// here (authenticate.ts checks the API-key shape first), so API keys cost exactly what they did. Usable
// tokens are cached by hash for KEY_TTL_MS and dropped with their project (revocation, deletion);
// unknown ones are remembered briefly so retrying one costs no read. The user's last call is written at
// most once a minute per user, outside the request.
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { externalUser, externalUserToken, project } from "../db/schema/index.ts";
import type { Principal } from "../gateway/auth/principal.ts";
import { hashSecret } from "./external-user-secrets.ts";

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
const LAST_CALL_EVERY_MS = 60_000;

interface Cached {
  principal: Principal | null;
  cachedAt: number;
}

/** How the call log names an external user's calls: by the builder's own id. */
export const externalCallerName = (externalId: string) => `External user ${externalId}`;

export class ExternalUserPrincipals {
  private readonly cache = new Map<string, Cached>();
  private readonly lastCallWritten = new Map<string, number>();
  private generation = 0;

  private readonly app: { db: Database };

  constructor(app: { db: Database }) {
    this.app = app;
  }

  async resolve(token: string): Promise<Principal | null> {
    const hash = hashSecret(token);
    const cached = this.cache.get(hash);
    let principal: Principal | null;
    if (cached && Date.now() - cached.cachedAt <= TTL_MS) principal = cached.principal;
    else {
      const generation = this.generation;
      principal = await this.read(hash);
      if (generation === this.generation) {
        if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
        this.cache.set(hash, { principal, cachedAt: Date.now() });
      }
    }
    if (principal?.externalUserId) this.noteCall(principal.externalUserId);
    return principal;
  }

  forgetProject(projectId: string): void {
    this.generation++;
    for (const [hash, entry] of this.cache) {
      // Unknown tokens go too: one may belong to a user just created in this project.
      if (!entry.principal || entry.principal.projectId === projectId) this.cache.delete(hash);
    }
  }

  forgetAll(): void {
    this.generation++;
    this.cache.clear();
  }

  private async read(hash: string): Promise<Principal | null> {
    const [row] = await this.app.db
      .select({
        tokenId: externalUserToken.id,
        externalUserId: externalUser.id,
        externalId: externalUser.externalId,
        projectId: externalUser.projectId,
        organizationId: project.organizationId,
      })
      .from(externalUserToken)
      .innerJoin(externalUser, eq(externalUser.id, externalUserToken.externalUserId))
      .innerJoin(project, eq(project.id, externalUser.projectId))
      .where(and(eq(externalUserToken.secretHash, hash), isNull(externalUserToken.revokedAt)));
    if (!row) return null;
    return {
      projectId: row.projectId,
      organizationId: row.organizationId,
      kind: "external_user",
      apiKeyId: null,
      oauthClientId: null,
      oauthClientName: null,
      callerName: externalCallerName(row.externalId),
      // Not a Portico user: the call log records no person for it (call-log-row.ts), only its name.
      userId: row.externalUserId,
      // No member's connections: personal-mode servers use the external user's own (server-connection.ts).
      person: null,
      externalUserId: row.externalUserId,
    };
  }

  private noteCall(externalUserId: string): void {
    const now = Date.now();
    if (now - (this.lastCallWritten.get(externalUserId) ?? 0) < LAST_CALL_EVERY_MS) return;
    this.lastCallWritten.set(externalUserId, now);
    if (this.lastCallWritten.size > MAX_ENTRIES) {
      this.lastCallWritten.delete(this.lastCallWritten.keys().next().value as string);
    }
    this.app.db
      .update(externalUser)
      .set({ lastCallAt: new Date(now) })
      .where(eq(externalUser.id, externalUserId))
      .catch(() => this.lastCallWritten.delete(externalUserId));
  }
}
