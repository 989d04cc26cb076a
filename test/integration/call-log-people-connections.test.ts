// The call log by person and by connection (callLog.*): calls recorded for different people and served
// by different connections (a shared one renamed since, a member's personal one, one removed since) are
// narrowed to one person or one connection, kept apart from other projects' and organizations'; the
// filter options name the project's organization's people only (someone who left does not appear) and
// the connections by their label then and their name now; one call's details name its connection and
// say whether it was personal. Calls go through the real recorder, as the gateway records them.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Principal } from "~/server/gateway/auth/principal.ts";
import type { RecordedCall } from "~/server/gateway/pipeline/call-log-row.ts";
import type { ServedBy } from "~/server/gateway/pipeline/served-by.ts";
import { saveConnection } from "~/server/integrations/connections/connection-store.ts";
import { FILTER_OPTIONS_CALLS } from "~/server/usage/call-log.ts";
import { callFor, keyPrincipal } from "./call-recorder-fixtures.ts";
import { connectMcpProvider, EXA_KEY, worldWithServerFakes } from "./servers-fixture.ts";
import { join, outcome, type Person, person } from "./world.ts";

const { app, world } = await worldWithServerFakes();
const projectId = world.projectA.id;

/** The organization's shared connection to `provider`, made the real way (key saved and checked). */
async function sharedConnection(owner: Person, organizationId: string) {
  await connectMcpProvider(owner, organizationId, "exa", EXA_KEY);
  const [connection] = await owner.caller.integrations.connections.getOrganizationConnections({
    organizationId,
  });
  if (!connection) throw new Error("no shared connection");
  return connection;
}

const shared = await sharedConnection(world.ownerA, world.orgA.id);
await world.ownerA.caller.integrations.connections.rename({
  organizationId: world.orgA.id,
  connectionId: shared.id,
  label: "Support inbox",
});
const otherOrganizations = await sharedConnection(world.ownerB, world.orgB.id);
// A member's own Google account, as the OAuth callback saves it (the token itself plays no part here).
const personal = await saveConnection(app.db, null, {
  organizationId: world.orgA.id,
  provider: "google",
  ownerUserId: world.memberA.id,
  accountLabel: "ana@acme.test",
  authFlow: "oauth",
  status: "active",
});
const removedConnectionId = randomUUID();

// Someone who made calls in the project, then left the organization for one of their own.
const leaver = await person(app, "leaver");
await join(world.ownerA, leaver, world.orgA.id, "member");

let at = Date.UTC(2026, 10, 21, 12, 0, 0);
/** Records one call of `who` in `principal`'s project, served by `servedBy`, a millisecond after the last. */
function record(principal: Principal, who: string, servedBy: ServedBy | undefined, toolName: string) {
  const call: RecordedCall = {
    ...callFor({ ...principal, userId: who, person: who }, 0),
    toolName,
    servedBy,
    at: new Date(at++),
  };
  app.gateway.recorder.record(call);
}

const inA = keyPrincipal(world, null, "Agent");
const inB: Principal = { ...inA, projectId: world.projectB.id, organizationId: world.orgB.id };
const viaShared = { connectionId: shared.id, connectionLabel: "Support inbox" };
const viaPersonal = { connectionId: personal.id, connectionLabel: "ana@acme.test" };
record(inA, world.ownerA.id, viaShared, "exa_search_1");
record(inA, world.ownerA.id, viaShared, "exa_search_2");
record(inA, world.memberA.id, viaPersonal, "gmail_search");
record(inA, world.adminA.id, undefined, "calculate");
record(inA, leaver.id, { connectionId: removedConnectionId, connectionLabel: "Old CRM" }, "crm_lookup");
record(inB, world.ownerB.id, { connectionId: otherOrganizations.id, connectionLabel: "Exa" }, "exa_search_b");
await app.gateway.recorder.flush();

await leaver.caller.organizationMember.leave({ organizationId: world.orgA.id });
await leaver.caller.organization.create({ name: "Leaver's new place" });
// The shared connection is renamed after its calls: the log keeps the label they had.
await world.ownerA.caller.integrations.connections.rename({
  organizationId: world.orgA.id,
  connectionId: shared.id,
  label: "Help desk",
});

type Filters = Parameters<typeof world.ownerA.caller.callLog.list>[0]["filters"];
const list = (filters: Filters, who: Person = world.ownerA) =>
  who.caller.callLog.list({ projectId, filters });
const tools = async (filters: Filters) => (await list(filters)).items.map((call) => call.toolName);
const options = (selected: { person?: string; connection?: string } = {}, who: Person = world.ownerA) =>
  who.caller.callLog.filterOptions({ projectId, ...selected });

describe("the call log by person and connection", () => {
  it("narrows to one person, one connection, or both", async () => {
    expect(await tools({ person: world.ownerA.id })).toEqual(["exa_search_2", "exa_search_1"]);
    expect(await tools({ person: world.memberA.id })).toEqual(["gmail_search"]);
    expect(await tools({ connection: shared.id })).toEqual(["exa_search_2", "exa_search_1"]);
    expect(await tools({ connection: personal.id })).toEqual(["gmail_search"]);
    expect(await tools({ person: world.memberA.id, connection: personal.id })).toEqual(["gmail_search"]);
    expect(await tools({ person: world.ownerA.id, connection: personal.id })).toEqual([]);
    expect(await tools({ person: world.ownerA.id, status: "success", tool: "SEARCH_1" })).toEqual([
      "exa_search_1",
    ]);
    // Someone who left still filters (their calls stay in the log), unnamed.
    expect(await tools({ person: leaver.id })).toEqual(["crm_lookup"]);
  });

  it("gives unknown and other projects' ids an empty list, malformed ones a 400", async () => {
    expect(await tools({ connection: otherOrganizations.id })).toEqual([]);
    expect(await tools({ person: world.ownerB.id })).toEqual([]);
    expect(await tools({ person: "no-such-person" })).toEqual([]);
    expect(await tools({ connection: randomUUID() })).toEqual([]);
    // Project B's own log has its call, and only there.
    const inProjectB = await world.ownerB.caller.callLog.list({
      projectId: world.projectB.id,
      filters: { connection: otherOrganizations.id },
    });
    expect(inProjectB.items.map((call) => call.toolName)).toEqual(["exa_search_b"]);
    expect(await outcome(list({ person: "" }))).toBe("BAD_REQUEST");
    expect(await outcome(list({ person: "   " }))).toBe("BAD_REQUEST");
    expect(await outcome(list({ connection: "x".repeat(129) }))).toBe("BAD_REQUEST");
    expect(await outcome(list({ connection: 42 as unknown as string }))).toBe("BAD_REQUEST");
    expect(await outcome(options({ person: "" }))).toBe("BAD_REQUEST");
  });

  it("names each row's person and connection; someone who left is a former member", async () => {
    const rows = (await list({})).items.map((call) => [
      call.toolName,
      call.personName,
      call.attributed,
      call.connectionLabel,
    ]);
    expect(rows).toEqual([
      ["crm_lookup", null, true, "Old CRM"],
      ["calculate", world.adminA.credentials.name, true, null],
      ["gmail_search", world.memberA.credentials.name, true, "ana@acme.test"],
      ["exa_search_2", world.ownerA.credentials.name, true, "Support inbox"],
      ["exa_search_1", world.ownerA.credentials.name, true, "Support inbox"],
    ]);
  });

  it("offers the organization's people with calls here and the connections that served them", async () => {
    const offered = await options();
    const names = [world.adminA, world.memberA, world.ownerA]
      .map((who) => ({ value: who.id, name: who.credentials.name, email: who.credentials.email }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(offered.people).toEqual(names);
    expect(offered.connections).toEqual(
      [
        {
          value: shared.id,
          label: "Support inbox",
          currentName: "Help desk",
          personal: false,
          name: "Support inbox, now “Help desk”",
        },
        {
          value: personal.id,
          label: "ana@acme.test",
          currentName: "ana@acme.test",
          personal: true,
          name: "ana@acme.test (personal)",
        },
        {
          value: removedConnectionId,
          label: "Old CRM",
          currentName: null,
          personal: null,
          name: "Old CRM (removed)",
        },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    // A viewer sees the same choices.
    await world.ownerA.caller.projectPermissions.setProjectMemberRole({
      projectId,
      userId: world.memberA.id,
      role: "viewer",
    });
    expect(await options({}, world.memberA)).toEqual(offered);
  });

  it("never offers people or connections of other organizations, even when named in the URL", async () => {
    const everyone = (await options()).people.map((who) => who.value);
    const outsiders = [leaver.id, world.ownerB.id];
    expect(everyone.filter((id) => outsiders.includes(id))).toEqual([]);
    const selected = await options({ person: world.ownerB.id, connection: otherOrganizations.id });
    expect(selected.people.map((who) => who.value)).not.toContain(world.ownerB.id);
    expect(selected.connections.map((connection) => connection.value)).not.toContain(otherOrganizations.id);
    const left = await options({ person: leaver.id });
    expect(left.people.map((who) => who.value)).not.toContain(leaver.id);
    // Another organization's member cannot read the options at all.
    expect(await outcome(options({}, world.ownerB))).toBe("NOT_FOUND");
  });

  it("shows one call's connection: its label then, its name now, and whether it was personal", async () => {
    const detail = async (toolName: string) => {
      const [call] = (await list({ tool: toolName })).items;
      if (!call) throw new Error(`no call of ${toolName}`);
      return world.ownerA.caller.callLog.get({ projectId, callId: call.id, createdAt: call.createdAt });
    };
    expect(await detail("exa_search_1")).toMatchObject({
      userName: world.ownerA.credentials.name,
      connection: { id: shared.id, label: "Support inbox", currentName: "Help desk", personal: false },
    });
    expect(await detail("gmail_search")).toMatchObject({
      userEmail: world.memberA.credentials.email,
      connection: { id: personal.id, label: "ana@acme.test", currentName: "ana@acme.test", personal: true },
    });
    expect(await detail("crm_lookup")).toMatchObject({
      userName: null,
      userEmail: null,
      attributed: true,
      connection: { id: removedConnectionId, label: "Old CRM", currentName: null, personal: null },
    });
    expect((await detail("calculate")).connection).toBeNull();
  });

  it(`reads the options from the latest ${FILTER_OPTIONS_CALLS} calls, and always offers the selected ones`, async () => {
    for (let index = 0; index < FILTER_OPTIONS_CALLS; index++) {
      record(inA, world.adminA.id, undefined, "calculate");
    }
    const recent = await options();
    expect(recent.people.map((who) => who.value)).toEqual([world.adminA.id]);
    expect(recent.connections).toEqual([]);
    const selected = await options({ person: world.memberA.id, connection: personal.id });
    expect(selected.people.map((who) => who.value).sort()).toEqual(
      [world.adminA.id, world.memberA.id].sort(),
    );
    expect(selected.connections).toEqual([
      expect.objectContaining({ value: personal.id, name: "ana@acme.test (personal)" }),
    ]);
    // Still filtered, however old.
    expect(await tools({ connection: personal.id })).toEqual(["gmail_search"]);
  });
});
