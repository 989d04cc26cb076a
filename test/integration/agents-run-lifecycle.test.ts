// Agents end to end in process: Watching a run as it goes, and runs cut off by a restart.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  failInterruptedRuns,
  INTERRUPTED_MESSAGE,
  interruptLiveRuns,
  STALE_AFTER_MS,
} from "~/server/agents/neo/run-liveness.ts";
import { agentRun } from "~/server/db/schema/index.ts";
import { agentsWorld } from "./agents-world.ts";

const { app, world, fake, saveOpenAiCredential, neoWith, startRun } = await agentsWorld();

describe("watching a run", () => {
  it("pushes the plan, each step and the answer as the model writes it, then ends with the run", async () => {
    const neo = await neoWith((await saveOpenAiCredential("Watched")).id);
    const answer = "Acme renewal is open, and its QBR is on 30 November.";
    fake.script([
      { text: "Review deals and meetings.", delayMs: 60 },
      { text: '{"servers":["srv-crm","srv-cal"]}' },
      { text: "1. crm_list_deals\n2. calendar_find_meetings", delayMs: 60, pieceDelayMs: 60 },
      { toolCalls: [{ name: "crm_list_deals", args: { query: "open" } }], delayMs: 150 },
      { toolCalls: [{ name: "calendar_find_meetings", args: { query: "Acme" } }], delayMs: 150 },
      { text: answer, delayMs: 150, pieceDelayMs: 60 },
    ]);
    const { runId } = await startRun(neo.id, "Deals with meetings?");
    const events = await world.ownerA.caller.projectAgents.watchRun({ projectId: world.projectA.id, runId });
    const seen: {
      status: string;
      plan: number;
      draftPlan: string[] | null;
      steps: number;
      draft: string | null;
      answer: string | null;
    }[] = [];
    for await (const snapshot of events) {
      seen.push({
        status: snapshot.run.status,
        plan: snapshot.run.plan?.length ?? 0,
        draftPlan: snapshot.draftPlan,
        steps: snapshot.steps.length,
        draft: snapshot.draftAnswer,
        answer: snapshot.run.answer,
      });
    }
    // The subscription ended by itself with the finished run.
    expect(seen.at(-1)).toMatchObject({ status: "completed", steps: 2, answer, draft: null });
    // Seen while running: the plan's first line while the planner wrote it, the plan before any step,
    // then one step, then two.
    const running = seen.filter((s) => s.status === "running");
    expect(running.some((s) => s.plan === 0 && s.draftPlan?.length === 1)).toBe(true);
    expect(running.some((s) => s.plan === 2 && s.steps === 0)).toBe(true);
    expect(running.some((s) => s.steps === 1)).toBe(true);
    expect(running.map((s) => s.steps)).toEqual([...running.map((s) => s.steps)].sort());
    // The answer arrived in pieces before it was stored.
    const drafts = running.map((s) => s.draft).filter((d): d is string => Boolean(d));
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((d) => answer.startsWith(d))).toBe(true);
    expect(drafts[0]?.length).toBeLessThan(answer.length);
  });

  it("refuses another project's member and a run of another project", async () => {
    const first = async (events: Promise<AsyncIterable<unknown>>) => {
      for await (const event of await events) return event;
    };
    await expect(
      first(world.ownerB.caller.projectAgents.watchRun({ projectId: world.projectA.id, runId: "nope" })),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^(FORBIDDEN|NOT_FOUND)$/) });
    await expect(
      first(world.ownerA.caller.projectAgents.watchRun({ projectId: world.projectA.id, runId: "nope" })),
    ).rejects.toThrow("Run not found");
  });
});

describe("runs cut off by a restart", () => {
  it("marks a run whose process went quiet as interrupted, at startup and when runs are read", async () => {
    const neo = await neoWith((await saveOpenAiCredential("Crashed")).id);
    /** A running run as another process would have written it, its last heartbeat at `heartbeatAt`. */
    const insertRun = async (request: string, heartbeatAt?: Date) => {
      const [row] = await app.db
        .insert(agentRun)
        .values({
          agentId: neo.id,
          projectId: world.projectA.id,
          organizationId: world.orgA.id,
          channel: "app",
          userId: null,
          request,
          ...(heartbeatAt ? { heartbeatAt } : {}),
        })
        .returning({ id: agentRun.id });
      return String(row?.id);
    };
    const insertOrphan = () => insertRun("Cut off", new Date(Date.now() - STALE_AFTER_MS - 5_000));
    // What createApp does before serving.
    const atStartup = await insertOrphan();
    expect(await failInterruptedRuns(app.db)).toBeGreaterThanOrEqual(1);
    const [startup] = await app.db.select().from(agentRun).where(eq(agentRun.id, atStartup));
    expect(startup).toMatchObject({ status: "failed", error: INTERRUPTED_MESSAGE });
    expect(startup?.finishedAt).toBeInstanceOf(Date);
    // Found stale on reading (another process crashed while this one kept serving).
    const onRead = await insertOrphan();
    const runs = await world.ownerA.caller.projectAgents.listRuns({
      projectId: world.projectA.id,
      agentId: neo.id,
    });
    expect(runs.find((r) => r.id === onRead)?.status).toBe("failed");
    // A fresh heartbeat is left alone: it may be another process's live run.
    const live = await insertRun("Live elsewhere");
    await failInterruptedRuns(app.db);
    const [still] = await app.db.select().from(agentRun).where(eq(agentRun.id, live));
    expect(still?.status).toBe("running");
    await app.db.delete(agentRun).where(eq(agentRun.id, live));
  });

  it("on a clean stop, marks this process's runs interrupted at once", async () => {
    const neo = await neoWith((await saveOpenAiCredential("Stopped")).id);
    fake.script([
      { text: "Slow intent.", delayMs: 800 },
      { text: '{"servers":[]}' },
      { text: "1. Answer" },
      { text: "Done." },
    ]);
    const { runId } = await startRun(neo.id, "Take your time");
    expect(await interruptLiveRuns(app.db)).toBe(1);
    const [row] = await app.db.select().from(agentRun).where(eq(agentRun.id, runId));
    expect(row).toMatchObject({ status: "failed", error: INTERRUPTED_MESSAGE });
    // (In a real stop the process ends here; this one lets the run finish before the next test.)
    await vi.waitFor(() => expect(fake.remainingTurns()).toBe(0), { timeout: 10_000, interval: 25 });
    await new Promise((r) => setTimeout(r, 100)); // its last writes after the final answer
  });
});
