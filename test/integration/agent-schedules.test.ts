// Agents on a schedule (issue 39): a cron in a time zone, run by pg-boss as the member who set it.
// Time is pg-boss's TestClock, moved by hand (it also sets the database's clock for pg-boss's own
// statements), so a slot comes due without waiting for it. Two app instances on one database stand for
// two replicas: each slot runs once. A restart while a slot passes runs it once afterwards; a schedule
// whose member left stops and tells the owners.
import { eq } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "~/server/app.ts";
import type { App } from "~/server/app-services.ts";
import { agentRun, agentSchedule, outboxEmail } from "~/server/db/schema/index.ts";
import { agentsWorld } from "./agents-world.ts";
import { outcome, type World } from "./world.ts";

// Monday 7 December 2026, 07:58 UTC: 08:58 in Prague, two minutes before a 09:00 slot.
const START = new Date("2026-12-07T07:58:00Z");
const clock = new TestClock(START);
const { app, world, saveOpenAiCredential, neoWith } = await agentsWorld({}, { jobClock: clock });
let agentId = "";

const minutes = (count: number) => count * 60_000;
const runsOf = (scheduleId: string) =>
  app.db.select().from(agentRun).where(eq(agentRun.scheduleId, scheduleId));

async function daily(who: World["ownerA"], time: string, request = "Summarize yesterday's deals") {
  return who.caller.projectAgents.createSchedule({
    projectId: world.projectA.id,
    agentId,
    kind: "daily",
    time,
    weekday: "",
    cron: "",
    timeZone: "Europe/Prague",
    request,
  });
}

beforeAll(async () => {
  agentId = (await neoWith((await saveOpenAiCredential()).id)).id;
});

describe("schedules", () => {
  it("refuses a bad time, cron expression or time zone beside the field", async () => {
    const base = {
      projectId: world.projectA.id,
      agentId,
      kind: "cron" as "daily" | "weekly" | "cron",
      time: "",
      weekday: "",
      cron: "0 9 * * 1-5",
      timeZone: "Europe/Prague",
      request: "Weekly status",
    };
    const fieldOf = async (input: typeof base) => {
      const error = await world.ownerA.caller.projectAgents.createSchedule(input).catch((caught) => caught);
      return (error as { cause?: { flatten(): { fieldErrors: Record<string, string[]> } } }).cause?.flatten()
        .fieldErrors;
    };
    expect(await fieldOf({ ...base, cron: "61 9 * * *" })).toEqual({
      cron: [expect.stringContaining("five fields")],
    });
    expect(await fieldOf({ ...base, cron: "0 9 * *" })).toEqual({
      cron: [expect.stringContaining("five fields")],
    });
    expect(await fieldOf({ ...base, timeZone: "Mars/Olympus" })).toEqual({
      timeZone: ["Choose a time zone"],
    });
    expect(await fieldOf({ ...base, kind: "daily", time: "25:00" })).toEqual({
      time: ["Enter a time as HH:MM (24-hour)"],
    });
    // A person who cannot run agents here cannot make them run on a schedule; another tenant sees nothing.
    expect(await outcome(world.memberA.caller.projectAgents.createSchedule(base))).toBe("NOT_FOUND");
    expect(await outcome(world.ownerB.caller.projectAgents.createSchedule(base))).toBe("NOT_FOUND");
    expect(await app.db.select().from(agentSchedule)).toEqual([]);
  });

  it("runs the request at its slot, once, as the member who set it, with the schedule as origin", async () => {
    const { id, nextRunAt } = await daily(world.ownerA, "09:00");
    // The next 09:00 in Prague from now (the real clock: the app's figure is for people), 08:00 UTC in winter.
    expect(nextRunAt?.toISOString()).toMatch(/T08:00:00\.000Z$/);
    expect(nextRunAt?.getTime()).toBeGreaterThan(Date.now());
    const [listed] = await world.ownerA.caller.projectAgents.listSchedules({
      projectId: world.projectA.id,
      agentId,
    });
    expect(listed).toMatchObject({
      id,
      cron: "0 9 * * *",
      timeZone: "Europe/Prague",
      enabled: true,
      mine: true,
    });

    await clock.tick(minutes(1));
    expect(await runsOf(id)).toEqual([]);
    await clock.tick(minutes(3));
    await vi.waitFor(async () => expect(await runsOf(id)).toHaveLength(1), { timeout: 15_000 });
    const [run] = await runsOf(id);
    expect(run).toMatchObject({
      channel: "schedule",
      userId: world.ownerA.id,
      request: "Summarize yesterday's deals",
      agentId,
    });
    // The same slot is not run again as the clock goes on.
    await clock.tick(minutes(3));
    expect(await runsOf(id)).toHaveLength(1);
    const [after] = await world.ownerA.caller.projectAgents.listSchedules({
      projectId: world.projectA.id,
      agentId,
    });
    expect(after?.lastRunAt).not.toBeNull();
    await world.ownerA.caller.projectAgents.deleteSchedule({ projectId: world.projectA.id, scheduleId: id });
  });

  it("stops a schedule whose member left, tells the owners, and runs nothing", async () => {
    await clock.setTime(new Date("2026-12-08T07:58:00Z"));
    const { id } = await daily(world.adminA, "09:00", "Pipeline review");
    const members = await world.ownerA.caller.organizationMember.getMembersByOrganizationId({
      organizationId: world.orgA.id,
    });
    await world.ownerA.caller.organizationMember.remove({
      organizationId: world.orgA.id,
      memberId: members.find((member) => member.userId === world.adminA.id)?.id ?? "",
    });
    await clock.tick(minutes(4));
    await vi.waitFor(async () => {
      const [row] = await app.db.select().from(agentSchedule).where(eq(agentSchedule.id, id));
      expect(row).toMatchObject({
        enabled: false,
        stoppedReason: expect.stringContaining("can no longer run"),
      });
    });
    expect(await runsOf(id)).toEqual([]);
    const mail = await app.db
      .select()
      .from(outboxEmail)
      .where(eq(outboxEmail.to, world.ownerA.credentials.email));
    expect(mail.map((message) => message.subject)).toContain("A schedule of Neo stopped in Acme");
    // It cannot be resumed: it would run as someone who is gone.
    expect(
      await outcome(
        world.ownerA.caller.projectAgents.setScheduleEnabled({
          projectId: world.projectA.id,
          scheduleId: id,
          enabled: true,
        }),
      ),
    ).toBe("BAD_REQUEST");
  });
});

describe("two replicas and a restart", () => {
  let second: App;
  const secondClock = new TestClock(START);

  beforeAll(async () => {
    await clock.setTime(new Date("2026-12-09T07:58:00Z"));
    await secondClock.setTime(new Date("2026-12-09T07:58:00Z"));
    second = await createApp(
      app.config,
      { ...app.database, close: async () => undefined },
      { jobClock: secondClock },
    );
  });

  afterAll(async () => {
    await second.agentSchedules.queue.stop();
    await second.gateway.stop();
  });

  it("runs each slot once across both, and after a restart runs the slot it missed once", async () => {
    const { id } = await daily(world.ownerA, "09:00", "Feedback digest");
    // The second replica hears of the first schedule and starts its own queue.
    await second.agentSchedules.queue.start();
    await Promise.all([clock.tick(minutes(4)), secondClock.tick(minutes(4))]);
    await vi.waitFor(async () => expect(await runsOf(id)).toHaveLength(1), { timeout: 15_000 });
    await Promise.all([clock.tick(minutes(2)), secondClock.tick(minutes(2))]);
    expect(await runsOf(id)).toHaveLength(1);

    // Both stop; the next day's slot passes while nothing runs; one starts again and runs it once.
    await app.agentSchedules.queue.stop();
    await second.agentSchedules.queue.stop();
    const restartClock = new TestClock(new Date("2026-12-10T10:30:00Z"));
    const restarted = await createApp(
      app.config,
      { ...app.database, close: async () => undefined },
      {
        jobClock: restartClock,
      },
    );
    try {
      await restarted.agentSchedules.queue.start();
      await vi.waitFor(
        async () => {
          await restartClock.tick(30_000);
          expect(await runsOf(id)).toHaveLength(2);
        },
        { timeout: 20_000, interval: 200 },
      );
      // Only the latest missed slot runs ("once"), and only once.
      await restartClock.tick(minutes(2));
      expect(await runsOf(id)).toHaveLength(2);
    } finally {
      await restarted.agentSchedules.queue.stop();
      await restarted.gateway.stop();
    }
  });
});
