// A project's external users (the builder's own users, by the builder's id): create, list, read,
// delete; a connect link that lets one connect their own account; MCP credentials that act as them;
// and the return URLs connect links may send people back to.
import { z } from "zod";
import { idField } from "../../../lib/validation.ts";
import type { App } from "../../app-services.ts";
import { createConnectLink } from "../../external-users/connect-links.ts";
import {
  connectLinkTargetInput,
  createExternalUserInput,
  externalIdField,
  externalUserConnectionSchema,
  setReturnUrlsInput,
} from "../../external-users/external-user-schemas.ts";
import {
  issueExternalUserToken,
  revokeExternalUserToken,
} from "../../external-users/external-user-tokens.ts";
import {
  createExternalUser,
  deleteExternalUser,
  getExternalUser,
  listExternalUsers,
} from "../../external-users/external-users.ts";
import { listReturnUrls, setReturnUrls } from "../../external-users/return-urls.ts";
import type { ManageApi, ManageEnv } from "../manage-env.ts";
import { familyOperations, json, jsonBody } from "../operation.ts";
import { pageQuerySchema } from "../paging.ts";
import { toWire } from "../wire.ts";
import { projectPath } from "./projects.ts";

const externalUserSchema = z
  .object({
    /** The builder's own id for the user. */
    id: z.string(),
    createdAt: z.iso.datetime(),
    lastCallAt: z.iso.datetime().nullable(),
    connections: z.array(externalUserConnectionSchema),
    tokens: z.array(
      z.object({
        id: z.string(),
        masked: z.string(),
        createdAt: z.iso.datetime(),
        revokedAt: z.iso.datetime().nullable(),
      }),
    ),
  })
  .meta({ id: "ExternalUser" });

const userPath = projectPath.extend({ externalUserId: externalIdField });
/** The service checks the whole input (createConnectLinkInput) again, with the user. */
const connectLinkBody = connectLinkTargetInput.meta({ id: "ConnectLinkCreate" });

const scopeOf = (c: { var: ManageEnv["Variables"] }, projectId: string) => ({
  organizationId: c.var.caller.organizationId,
  projectId,
  actorUserId: c.var.caller.createdByUserId,
});

const externalUserOperation = familyOperations("users", "External users");

export function registerExternalUserRoutes(api: ManageApi, app: App) {
  api.openapi(
    externalUserOperation("read", {
      method: "get",
      path: "/projects/{projectId}/users",
      operationId: "listExternalUsers",
      summary: "List a project's external users",
      request: { params: projectPath, query: pageQuerySchema },
      responses: {
        200: json(
          z.object({ items: z.array(externalUserSchema), nextCursor: z.string().nullable() }).meta({
            id: "ExternalUserPage",
          }),
          "A page of external users, by id.",
        ),
      },
    }),
    async (c) => {
      const page = await listExternalUsers(
        app,
        scopeOf(c, c.req.valid("param").projectId),
        c.req.valid("query"),
      );
      return c.json({ items: page.items.map(toWire), nextCursor: page.nextCursor }, 200);
    },
  );

  api.openapi(
    externalUserOperation("write", {
      method: "post",
      path: "/projects/{projectId}/users",
      operationId: "createExternalUser",
      summary: "Add one of your users to a project, by your own id for them",
      request: {
        params: projectPath,
        body: jsonBody(createExternalUserInput.meta({ id: "ExternalUserCreate" })),
      },
      responses: { 201: json(externalUserSchema, "The external user.") },
    }),
    async (c) => {
      const created = await createExternalUser(
        app,
        scopeOf(c, c.req.valid("param").projectId),
        c.req.valid("json"),
      );
      return c.json(toWire(created), 201);
    },
  );

  api.openapi(
    externalUserOperation("read", {
      method: "get",
      path: "/projects/{projectId}/users/{externalUserId}",
      operationId: "getExternalUser",
      summary: "An external user with their connections and credentials",
      request: { params: userPath },
      responses: { 200: json(externalUserSchema, "The external user.") },
    }),
    async (c) => {
      const { projectId, externalUserId } = c.req.valid("param");
      return c.json(toWire(await getExternalUser(app, scopeOf(c, projectId), { externalUserId })), 200);
    },
  );

  api.openapi(
    externalUserOperation("write", {
      method: "delete",
      path: "/projects/{projectId}/users/{externalUserId}",
      operationId: "deleteExternalUser",
      summary: "Delete an external user: their credentials are revoked and their connections end",
      request: { params: userPath },
      responses: {
        200: json(
          z
            .object({
              id: z.string(),
              connectionsRevoked: z.number().int(),
              tokensRevoked: z.number().int(),
            })
            .meta({ id: "ExternalUserDeleted" }),
          "What was revoked.",
        ),
      },
    }),
    async (c) => {
      const { projectId, externalUserId } = c.req.valid("param");
      return c.json(await deleteExternalUser(app, scopeOf(c, projectId), { externalUserId }), 200);
    },
  );

  api.openapi(
    externalUserOperation("write", {
      method: "post",
      path: "/projects/{projectId}/users/{externalUserId}/connect-links",
      operationId: "createConnectLink",
      summary: "A single-use link for the user to connect their own account",
      description:
        "Send the user to `url` (valid 30 minutes, once). Portico's page connects their account for the integration (or the server's), then sends them to `returnUrl`, which must be one of the project's return URLs, with `status` and `integration` in its query.",
      request: { params: userPath, body: jsonBody(connectLinkBody) },
      responses: {
        201: json(
          z.object({ url: z.string(), expiresAt: z.iso.datetime() }).meta({ id: "ConnectLink" }),
          "The link.",
        ),
      },
    }),
    async (c) => {
      const { projectId, externalUserId } = c.req.valid("param");
      const link = await createConnectLink(app, scopeOf(c, projectId), {
        ...c.req.valid("json"),
        externalUserId,
      });
      return c.json(toWire({ url: link.url, expiresAt: link.expiresAt }), 201);
    },
  );

  api.openapi(
    externalUserOperation("write", {
      method: "post",
      path: "/projects/{projectId}/users/{externalUserId}/tokens",
      operationId: "issueExternalUserToken",
      summary: "An MCP credential that acts as the user on the project's /mcp",
      description:
        "The answer holds the token (pxu_…) this once. Servers in personal mode use the user's own connections; shared ones the organization's.",
      request: { params: userPath },
      responses: {
        201: json(
          z
            .object({ id: z.string(), token: z.string(), masked: z.string() })
            .meta({ id: "ExternalUserToken" }),
          "The credential with its secret.",
        ),
      },
    }),
    async (c) => {
      const { projectId, externalUserId } = c.req.valid("param");
      return c.json(await issueExternalUserToken(app, scopeOf(c, projectId), { externalUserId }), 201);
    },
  );

  api.openapi(
    externalUserOperation("write", {
      method: "delete",
      path: "/projects/{projectId}/users/{externalUserId}/tokens/{tokenId}",
      operationId: "revokeExternalUserToken",
      summary: "Revoke one of the user's MCP credentials",
      request: { params: userPath.extend({ tokenId: idField }) },
      responses: { 204: { description: "Revoked." } },
    }),
    async (c) => {
      const { projectId, ...address } = c.req.valid("param");
      await revokeExternalUserToken(app, scopeOf(c, projectId), address);
      return c.body(null, 204);
    },
  );

  const returnUrlsSchema = z.object({ urls: z.array(z.string()) }).meta({ id: "ReturnUrls" });

  api.openapi(
    externalUserOperation("read", {
      method: "get",
      path: "/projects/{projectId}/return-urls",
      operationId: "listReturnUrls",
      summary: "Where connect links may return people to",
      request: { params: projectPath },
      responses: { 200: json(returnUrlsSchema, "The project's return URLs.") },
    }),
    async (c) => c.json(await listReturnUrls(app, scopeOf(c, c.req.valid("param").projectId)), 200),
  );

  api.openapi(
    externalUserOperation("write", {
      method: "put",
      path: "/projects/{projectId}/return-urls",
      operationId: "setReturnUrls",
      summary: "Replace the project's return URLs (https, or http on localhost)",
      request: { params: projectPath, body: jsonBody(setReturnUrlsInput.meta({ id: "ReturnUrlsSet" })) },
      responses: { 200: json(returnUrlsSchema, "The project's return URLs now.") },
    }),
    async (c) => {
      const scope = scopeOf(c, c.req.valid("param").projectId);
      await setReturnUrls(app, scope, c.req.valid("json"));
      return c.json(await listReturnUrls(app, scope), 200);
    },
  );
}
