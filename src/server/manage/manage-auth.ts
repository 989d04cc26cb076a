// Who is asking: every management request carries an organization's management token (pmt_…). An API
// key or an external user's MCP credential is refused with a sentence that says where it belongs, as
// /mcp refuses management tokens. A token acts with its creator's authority inside its organization,
// never more (the domain functions check the creator's role as they do for the pages); its scopes
// narrow that further, per resource family. A token stops working when its creator is no longer an
// owner or admin (authenticateManagementToken).
import { eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { App } from "../app-services.ts";
import { withAuditRequest } from "../audit/audit-request.ts";
import { project } from "../db/schema/index.ts";
import { PrincipalResolver } from "../gateway/auth/authenticate.ts";
import { FailedAuthLimit } from "../gateway/auth/failed-auth-limit.ts";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address.ts";
import {
  authenticateManagementToken,
  grantsScope,
  looksLikeManagementToken,
  type ManagementFamily,
  managementRateLimit,
} from "../manage-tokens/index.ts";
import type { ManageEnv } from "./manage-env.ts";
import { ManageError } from "./manage-errors.ts";

export const WRONG_CREDENTIAL =
  "The management API takes a management token (pmt_…), which owners and admins create under Organization settings → Management tokens. API keys and MCP credentials are for /mcp.";
export const NO_TOKEN = "Send a management token as Authorization: Bearer pmt_….";
export const UNKNOWN_TOKEN =
  "This management token is unknown, revoked or expired, or the person who created it is no longer an owner or admin of its organization.";

export function authenticateCaller(app: App): MiddlewareHandler<ManageEnv> {
  // Tokens that fail, per client address, as /mcp counts them: each unknown token costs a database
  // read, so an address that keeps guessing is refused before the database is asked.
  const failures = new FailedAuthLimit();
  return async (c, next) => {
    const token = PrincipalResolver.bearerToken(c.req.header("authorization") ?? null);
    if (!token) throw new ManageError("UNAUTHORIZED", NO_TOKEN);
    if (!looksLikeManagementToken(token)) throw new ManageError("UNAUTHORIZED", WRONG_CREDENTIAL);
    const address = c.req.header(CLIENT_ADDRESS_HEADER);
    const wait = failures.retryAfterSeconds(address);
    if (wait > 0) {
      throw new ManageError("TOO_MANY_REQUESTS", "Too many failed authentications from this address.", {
        "retry-after": String(wait),
      });
    }
    const caller = await authenticateManagementToken(app, token);
    if (!caller) {
      failures.failed(address);
      throw new ManageError("UNAUTHORIZED", UNKNOWN_TOKEN);
    }
    const rate = managementRateLimit(caller.tokenId);
    if (!rate.allowed) {
      throw new ManageError("TOO_MANY_REQUESTS", "Too many requests with this management token.", {
        "retry-after": String(rate.retryAfterSeconds),
      });
    }
    c.set("caller", caller);
    // Changes are audited as the token's creator, with the token named (record-audit-event.ts).
    await withAuditRequest(c.req.raw.headers, () => next(), { via: `management token ${caller.tokenId}` });
  };
}

/** The operation's scope: `<family>:read` or `<family>:write` (or the token's plain read/write). */
export function requireScope(
  family: ManagementFamily,
  access: "read" | "write",
): MiddlewareHandler<ManageEnv> {
  return async (c, next) => {
    if (!grantsScope(c.var.caller.scopes, family, access)) {
      throw new ManageError(
        "FORBIDDEN",
        `This management token's scopes do not include ${family}:${access}.`,
      );
    }
    await next();
  };
}

export const PROJECT_NOT_FOUND_HERE = "Project not found";

/**
 * Paths under /projects/{projectId}: the project must belong to the token's organization, whatever
 * else its creator can reach — a person in two organizations gives each token one of them.
 */
export function projectInCallersOrganization(app: App): MiddlewareHandler<ManageEnv> {
  return async (c, next) => {
    const projectId = c.req.param("projectId");
    if (!projectId) return next();
    const [row] = await app.db
      .select({ organizationId: project.organizationId })
      .from(project)
      .where(eq(project.id, projectId));
    if (row?.organizationId !== c.var.caller.organizationId) {
      throw new ManageError("NOT_FOUND", PROJECT_NOT_FOUND_HERE);
    }
    await next();
  };
}
