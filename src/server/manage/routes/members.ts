// The organization's members (list, change role, remove) and invitations (list, invite, withdraw).
import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  idField,
  invitableRoles,
  invitationFields,
  organizationRoles,
  projectRoles,
} from "../../../lib/validation.ts";
import type { App } from "../../app-services.ts";
import { user } from "../../db/schema/index.ts";
import {
  getOrganizationInvitations,
  inviteMember,
  withdrawInvitation,
} from "../../invitations/invitations.ts";
import { endPersonalConnections } from "../../organizations/member-departure.ts";
import { changeMemberRole, getMembersByOrganizationId, removeMember } from "../../organizations/members.ts";
import { registerListRoute } from "../list-route.ts";
import type { ManageApi } from "../manage-env.ts";
import { familyOperations, json, jsonBody } from "../operation.ts";
import { wireFields } from "../wire.ts";

const memberSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(organizationRoles),
    joinedAt: z.iso.datetime(),
  })
  .meta({ id: "Member" });

const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(invitableRoles),
    /** Projects the invitee gets on accepting. */
    projects: z.array(z.object({ projectId: z.string(), role: z.enum(projectRoles) })),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: "Invitation" });

const inviteBody = z.object(invitationFields).meta({ id: "InvitationCreate" });

type InvitationRow = {
  id: string;
  email: string;
  role: "admin" | "member";
  projectGrants: { projectId: string; role: (typeof projectRoles)[number] }[];
  createdAt: Date;
  expiresAt: Date;
};

const invitationOut = (row: InvitationRow): z.infer<typeof invitationSchema> => ({
  id: row.id,
  email: row.email,
  role: row.role,
  projects: row.projectGrants.map(({ projectId, role }) => ({ projectId, role })),
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

const memberPath = z.object({ memberId: idField });

const memberOperation = familyOperations("members", "Members");

export function registerMemberRoutes(api: ManageApi, app: App) {
  const { db } = app;
  const membersOf = async (userId: string, organizationId: string) =>
    (await getMembersByOrganizationId(db, userId, organizationId)).map((member) =>
      wireFields(memberSchema, member),
    );

  registerListRoute(api, memberOperation, {
    path: "/members",
    operationId: "listMembers",
    summary: "List the organization's members",
    page: { item: memberSchema, id: "MemberPage", noun: "members" },
    load: (caller) => getMembersByOrganizationId(db, caller.createdByUserId, caller.organizationId),
    toItem: (member) => wireFields(memberSchema, member),
  });

  api.openapi(
    memberOperation("write", {
      method: "patch",
      path: "/members/{memberId}",
      operationId: "changeMemberRole",
      summary: "Change a member's role",
      request: {
        params: memberPath,
        body: jsonBody(z.object({ role: z.enum(organizationRoles) }).meta({ id: "MemberRoleChange" })),
      },
      responses: { 200: json(memberSchema, "The member as they are now.") },
    }),
    async (c) => {
      const { caller } = c.var;
      const { memberId } = c.req.valid("param");
      await changeMemberRole(db, caller.createdByUserId, {
        organizationId: caller.organizationId,
        memberId,
        role: c.req.valid("json").role,
      });
      await app.gateway.invalidateProject("*");
      const member = (await membersOf(caller.createdByUserId, caller.organizationId)).find(
        (row) => row.id === memberId,
      );
      if (!member) throw new Error(`member ${memberId} changed but not listed`);
      return c.json(member, 200);
    },
  );

  api.openapi(
    memberOperation("write", {
      method: "delete",
      path: "/members/{memberId}",
      operationId: "removeMember",
      summary: "Remove a member; their personal connections end",
      request: { params: memberPath },
      responses: { 204: { description: "Removed." } },
    }),
    async (c) => {
      const { caller } = c.var;
      const removed = await removeMember(db, caller.createdByUserId, {
        organizationId: caller.organizationId,
        memberId: c.req.valid("param").memberId,
      });
      await app.gateway.invalidateProject("*");
      await endPersonalConnections(app, caller.organizationId, removed.userId);
      return c.body(null, 204);
    },
  );

  registerListRoute(api, memberOperation, {
    path: "/invitations",
    operationId: "listInvitations",
    summary: "List the organization's open invitations",
    page: { item: invitationSchema, id: "InvitationPage", noun: "invitations" },
    load: (caller) => getOrganizationInvitations(db, caller.createdByUserId, caller.organizationId),
    toItem: invitationOut,
  });

  api.openapi(
    memberOperation("write", {
      method: "post",
      path: "/invitations",
      operationId: "inviteMember",
      summary: "Invite someone by e-mail, optionally to projects",
      request: { body: jsonBody(inviteBody) },
      responses: { 201: json(invitationSchema, "The invitation; its e-mail has been sent.") },
    }),
    async (c) => {
      const { caller } = c.var;
      const [actor] = await db
        .select({ id: user.id, name: user.name, email: user.email })
        .from(user)
        .where(eq(user.id, caller.createdByUserId));
      if (!actor) throw new Error("the token's creator has no user row");
      const saved = await inviteMember(db, app.mailer, app.config.baseUrl, actor, {
        organizationId: caller.organizationId,
        ...c.req.valid("json"),
      });
      return c.json(invitationOut(saved), 201);
    },
  );

  api.openapi(
    memberOperation("write", {
      method: "delete",
      path: "/invitations/{invitationId}",
      operationId: "withdrawInvitation",
      summary: "Withdraw an open invitation",
      request: { params: z.object({ invitationId: idField }) },
      responses: { 204: { description: "Withdrawn." } },
    }),
    async (c) => {
      const { caller } = c.var;
      await withdrawInvitation(
        db,
        caller.createdByUserId,
        caller.organizationId,
        c.req.valid("param").invitationId,
      );
      return c.body(null, 204);
    },
  );
}
