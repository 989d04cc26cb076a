// Deleting an account against the last-owner rule under concurrency. The check that the person is not
// an organization's last owner used to run before, and apart from, the deletion: an owner leaving in
// between saw two owners, left, and the deletion then took the other one. A trigger on Better Auth's
// own step between the two (deleting the user's sign-in accounts) plays that leave exactly in the window,
// with the leave's own rule under the leave's own lock, so the test is deterministic on PGlite and
// PostgreSQL alike.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appForFile } from "../support/fixture.ts";
import { setPlan } from "../support/plans.ts";
import { join, type Person, person } from "./world.ts";

const app = await appForFile();
// The instance's first account is its site admin.
const siteAdmin = await person(app, "site-admin");

async function twoOwners(label: string) {
  const first = await person(app, `${label}-1`);
  const second = await person(app, `${label}-2`);
  const org = await first.caller.organization.create({ name: `Two owners ${label}` });
  await setPlan(app, org.id, "business");
  await join(first, second, org.id, "admin");
  const members = await first.caller.organizationMember.getMembersByOrganizationId({
    organizationId: org.id,
  });
  const secondId = members.find((m) => m.userId === second.id)?.id ?? "";
  await first.caller.organizationMember.changeRole({
    organizationId: org.id,
    memberId: secondId,
    role: "owner",
  });
  return { org, first, second };
}

/** While `deleted`'s sign-in accounts are being deleted, `leaver` leaves the organization if the rule allows. */
async function leaveDuringDeletion(organizationId: string, deleted: Person, leaver: Person) {
  // Ids are the app's own (letters and digits), safe to inline in the function body.
  await app.db.execute(
    sql.raw(`create or replace function leave_during_deletion() returns trigger language plpgsql as $$
    begin
      if old.user_id = '${deleted.id}' then
        perform 1 from organization where id = '${organizationId}' for update;
        if (select count(*) from organization_member
            where organization_id = '${organizationId}' and role = 'owner') > 1 then
          delete from organization_member
          where organization_id = '${organizationId}' and user_id = '${leaver.id}';
        end if;
      end if;
      return old;
    end $$`),
  );
  await app.db.execute(sql`drop trigger if exists leave_during_deletion on "account"`);
  await app.db.execute(
    sql`create trigger leave_during_deletion before delete on "account"
      for each row execute function leave_during_deletion()`,
  );
}

async function ownerIds(organizationId: string) {
  const rows = await app.db.execute(
    sql`select user_id from organization_member where organization_id = ${organizationId} and role = 'owner'`,
  );
  return (rows as unknown as { rows: { user_id: string }[] }).rows.map((row) => row.user_id);
}

describe("account deletion racing an owner leaving", () => {
  it("deleting your own account while the other owner leaves keeps that owner", async () => {
    const { org, first, second } = await twoOwners("self");
    await leaveDuringDeletion(org.id, first, second);
    await first.caller.account.delete({ password: first.credentials.password });
    // The leave came second: it saw one owner left and was refused.
    expect(await ownerIds(org.id)).toEqual([second.id]);
  });

  it("a site admin deleting an owner while the other owner leaves keeps that owner", async () => {
    const { org, first, second } = await twoOwners("admin");
    await leaveDuringDeletion(org.id, first, second);
    await siteAdmin.caller.admin.deleteUser({ userId: first.id });
    expect(await ownerIds(org.id)).toEqual([second.id]);
  });

  it("the last owner still cannot delete their account, and keeps their membership", async () => {
    const { org, first, second } = await twoOwners("last");
    await second.caller.organizationMember.leave({ organizationId: org.id });
    await expect(first.caller.account.delete({ password: first.credentials.password })).rejects.toMatchObject(
      {
        code: "BAD_REQUEST",
      },
    );
    expect(await ownerIds(org.id)).toEqual([first.id]);
  });
});
