// Protect writes is on for every new project (issue 37), whichever way it is made: the tRPC procedure
// without the flag (an API client, a script), the server's createProject, and a row inserted by
// anything else (the column's default). Only an explicit "off" leaves it off.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { project } from "~/server/db/schema/index.ts";
import { createProject } from "~/server/projects/projects.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();

const protectWritesOf = async (projectId: string) =>
  (await app.db.select({ on: project.protectWrites }).from(project).where(eq(project.id, projectId)))[0]?.on;

describe("Protect writes on new projects", () => {
  it("is on for a project created through tRPC without the flag, and the policies page says so", async () => {
    const created = await world.ownerA.caller.project.create({
      organizationId: world.orgA.id,
      name: "API-made",
    });
    expect(await protectWritesOf(created.id)).toBe(true);
    const policies = await world.ownerA.caller.governance.getPolicies({ projectId: created.id });
    expect(policies.protectWrites).toBe(true);
  });

  it("is on for the server's createProject without the flag, off only when asked", async () => {
    const on = await createProject(
      app.db,
      world.ownerA.id,
      world.orgA.id,
      { name: "Server-made" },
      app.config.baseUrl,
    );
    expect(on.protectWrites).toBe(true);
    const off = await createProject(
      app.db,
      world.ownerA.id,
      world.orgA.id,
      { name: "Asked off", protectWrites: false },
      app.config.baseUrl,
    );
    expect(off.protectWrites).toBe(false);
  });

  it("is the column's default, for a project row inserted any other way", async () => {
    const [row] = await app.db
      .insert(project)
      .values({ organizationId: world.orgA.id, name: "Inserted" })
      .returning({ on: project.protectWrites });
    expect(row?.on).toBe(true);
  });
});
