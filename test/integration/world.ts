// A small populated world for integration tests: organization A with an owner, an admin, a member
// and a project; organization B with its own owner. Every test file builds its own.

import type { AppOptions } from "~/server/app.ts";
import type { App } from "~/server/app-services.ts";
import { type Credentials, callerFor, signUp } from "../support/app.ts";
import { appForFile } from "../support/fixture.ts";
import { setPlan } from "../support/plans.ts";
import { newUser } from "../support/users.ts";

export interface Person {
  credentials: Credentials;
  cookie: string;
  caller: ReturnType<typeof callerFor>;
  id: string;
}

export async function person(app: App, label: string): Promise<Person> {
  const credentials = newUser(label);
  const cookie = await signUp(app, credentials);
  const caller = callerFor(app, cookie);
  const info = await caller.user.getInfo();
  return { credentials, cookie, caller, id: info.id };
}

/** Invites `who` to the organization as `role` and has them accept, like the real flow. */
export async function join(owner: Person, who: Person, organizationId: string, role: "admin" | "member") {
  const invitation = await owner.caller.organizationInvitations.invite({
    organizationId,
    email: who.credentials.email,
    role,
  });
  await who.caller.organizationInvitations.accept({ invitationId: invitation.id });
  return invitation;
}

export async function buildWorld(app: App) {
  const ownerA = await person(app, "owner-a");
  const adminA = await person(app, "admin-a");
  const memberA = await person(app, "member-a");
  const ownerB = await person(app, "owner-b");
  const orgA = await ownerA.caller.organization.create({ name: "Acme" });
  const orgB = await ownerB.caller.organization.create({ name: "Bravo" });
  // Organization A has three members: more seats than Free has.
  await setPlan(app, orgA.id, "business");
  await join(ownerA, adminA, orgA.id, "admin");
  await join(ownerA, memberA, orgA.id, "member");
  // Protect writes is on for new projects; these are the worlds of tests about what tools do, which
  // call destructive tools directly, so they ask for it off. Governance's tests turn it on
  // (governance-new-projects.test.ts checks the default itself).
  const off = { protectWrites: false };
  const projectA = await ownerA.caller.project.create({
    organizationId: orgA.id,
    name: "Support bot",
    ...off,
  });
  const projectB = await ownerB.caller.project.create({
    organizationId: orgB.id,
    name: "Bravo project",
    ...off,
  });
  return { ownerA, adminA, memberA, ownerB, orgA, orgB, projectA, projectB };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** The test file's app and world: `const { app, world } = await worldForFile();` (see support/fixture.ts). */
export async function worldForFile(overrides: Record<string, string> = {}, options: AppOptions = {}) {
  const app = await appForFile(overrides, options);
  return { app, world: await buildWorld(app) };
}

/** The tRPC error code a promise rejects with, or "OK" if it resolves. */
export async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}
