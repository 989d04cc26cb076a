// Monthly requests, admitted exactly against the plan's quota on every replica. The count lives in one
// row per organization and billing period (usage_counter), taken from with one atomic statement:
// `used + n <= limit` is checked and written together, so no replica can admit a call past the quota.
//
// Why blocks: one database round trip per tool call would cost the gateway more than its 10 % budget
// on the embedded database. So a busy process takes a block of calls (up to MAX_BLOCK, growing while
// it keeps needing more) and admits from it in memory, synchronously. Blocks never reach into the last
// TAIL requests of the quota: those are taken one at a time, in the database, so near the limit every
// replica sees the same count and none is refused while the quota has room. A block left unused for a
// second is given back, so an idle replica holds nothing; a busy one keeps its block (given back and
// taken again every second, a steady 1,000 calls/s made a dozen reservations a second, the block
// growing from 1 each time). A process killed without stopping loses at most its current block
// (counted, never run): the one way the count can be high, never low.
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { type EffectivePlan, loadEffectivePlan } from "./effective-plan.ts";

const TAIL = 1000;
// 256 made a saturated process wait on a reservation every ~17 ms (calculate p99 24 ms, not 4–5 ms).
const MAX_BLOCK = 4096;
const RETURN_UNUSED_AFTER_MS = 1000;
/** How long a plan read from the database is trusted; changes made here are seen at once (forget). */
const PLAN_TTL_MS = 30_000;
/** Unlimited plans are counted too (the billing page shows their usage), against a bound never met. */
const UNLIMITED = 2 ** 52;

type Row = Record<string, unknown>;
/** Drizzle's raw execute() is untyped across the two drivers; both answer with `rows`. */
const rowsOf = async (query: Promise<unknown>) => ((await query) as { rows: Row[] }).rows;

export type Admission = { admitted: true } | { admitted: false; plan: EffectivePlan; used: number };
const ADMITTED: Admission = Object.freeze({ admitted: true });

interface OrganizationState {
  plan: EffectivePlan;
  periodEndMs: number;
  loadedAt: number;
  /** Calls reserved in usage_counter for plan.periodStart and not yet admitted here. */
  allowance: number;
  reservedAt: number;
  /** When this process last admitted a call from the allowance: a block in use is not given back. */
  admittedAt: number;
  nextBlock: number;
  reserving: Promise<number | null> | undefined;
}

/** Told the count after each reservation, for the 80 % and 100 % alerts. */
export type UsageListener = (plan: EffectivePlan, used: number) => void;

export class QuotaMeter {
  private readonly states = new Map<string, OrganizationState>();
  private readonly loading = new Map<string, Promise<OrganizationState>>();
  private timer: ReturnType<typeof setInterval> | undefined;

  private readonly db: Database;
  private readonly onUsage: UsageListener;
  private readonly onError: (error: unknown) => void;

  constructor(db: Database, onUsage: UsageListener, onError: (error: unknown) => void) {
    this.db = db;
    this.onUsage = onUsage;
    this.onError = onError;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.returnIdle(Date.now()), RETURN_UNUSED_AFTER_MS);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all([...this.states.values()].map((state) => this.giveBack(state)));
  }

  /** Admits one call of the organization or says why not; synchronous while this process holds calls. */
  admit(organizationId: string): Admission | Promise<Admission> {
    const state = this.states.get(organizationId);
    if (state && state.allowance > 0) {
      const now = Date.now();
      if (now < state.periodEndMs && now - state.loadedAt < PLAN_TTL_MS) {
        state.allowance--;
        state.admittedAt = now;
        return ADMITTED;
      }
    }
    return this.admitFromDatabase(organizationId);
  }

  /** The plan changed (or may have): it is read again before the organization's next call. */
  forget(organizationId: string): void {
    const state = this.states.get(organizationId);
    if (state) state.loadedAt = 0;
  }

  private async admitFromDatabase(organizationId: string): Promise<Admission> {
    for (;;) {
      const state = await this.currentState(organizationId);
      if (state.allowance > 0) {
        state.allowance--;
        state.admittedAt = Date.now();
        return ADMITTED;
      }
      if (state.reserving) {
        await state.reserving;
        continue;
      }
      state.reserving = this.reserve(state).finally(() => {
        state.reserving = undefined;
      });
      const used = await state.reserving;
      if (used === null) {
        const [row] = await rowsOf(
          this.db.execute(
            sql`select used from usage_counter where organization_id = ${organizationId} and period_start = ${state.plan.periodStart}`,
          ),
        );
        return { admitted: false, plan: state.plan, used: Number(row?.used ?? 0) };
      }
    }
  }

  /** The organization's state with a plan no older than PLAN_TTL_MS, for the period containing now. */
  private async currentState(organizationId: string): Promise<OrganizationState> {
    const now = Date.now();
    const state = this.states.get(organizationId);
    if (state && now < state.periodEndMs && now - state.loadedAt < PLAN_TTL_MS) return state;
    let loading = this.loading.get(organizationId);
    if (!loading) {
      loading = this.reload(organizationId, state).finally(() => this.loading.delete(organizationId));
      this.loading.set(organizationId, loading);
    }
    return loading;
  }

  private async reload(organizationId: string, previous: OrganizationState | undefined) {
    const plan = await loadEffectivePlan(this.db, organizationId);
    if (previous?.reserving) await previous.reserving;
    const samePeriodAndLimit =
      previous &&
      previous.plan.periodStart.getTime() === plan.periodStart.getTime() &&
      previous.plan.limits.monthlyRequests === plan.limits.monthlyRequests;
    // A new period, or a new limit (a downgrade must not run on calls taken under the old one).
    if (previous && !samePeriodAndLimit) await this.giveBack(previous);
    const state: OrganizationState = {
      plan,
      periodEndMs: plan.periodEnd.getTime(),
      loadedAt: Date.now(),
      allowance: samePeriodAndLimit ? previous.allowance : 0,
      reservedAt: previous?.reservedAt ?? 0,
      admittedAt: previous?.admittedAt ?? 0,
      nextBlock: previous?.nextBlock ?? 1,
      reserving: undefined,
    };
    this.states.set(organizationId, state);
    return state;
  }

  /** Takes calls from the database into the allowance; the count afterwards, or null when refused. */
  private async reserve(state: OrganizationState): Promise<number | null> {
    const now = Date.now();
    // A process that keeps coming back within a second takes twice as many next time; one still busy
    // (a call admitted within the second) takes as many as last time; an idle one starts from 1.
    state.nextBlock =
      now - state.reservedAt < RETURN_UNUSED_AFTER_MS
        ? Math.min(MAX_BLOCK, state.nextBlock * 2)
        : now - state.admittedAt < RETURN_UNUSED_AFTER_MS
          ? state.nextBlock
          : 1;
    const limit = state.plan.limits.monthlyRequests ?? UNLIMITED;
    const tail = state.plan.limits.monthlyRequests === null ? 0 : Math.min(TAIL, limit);
    const want = state.nextBlock;
    // The grant, computed from the row's old count in both assignments: a block that stops short of
    // the tail, or a single call in it.
    const grant = sql`case when ${limit}::bigint - c.used > ${tail}::bigint
      then least(${want}::bigint, ${limit}::bigint - ${tail}::bigint - c.used) else 1 end`;
    const firstGrant = limit <= 0 ? 0 : limit > tail ? Math.min(want, limit - tail) : 1;
    const rows = await rowsOf(
      this.db.execute(sql`
      insert into usage_counter as c (organization_id, period_start, used, last_grant)
      values (${state.plan.organizationId}, ${state.plan.periodStart}, ${firstGrant}, ${firstGrant})
      on conflict (organization_id, period_start) do update
        set last_grant = ${grant}, used = c.used + ${grant}
        where c.used < ${limit}::bigint
      returning c.used, c.last_grant`),
    );
    const [row] = rows;
    if (!row || Number(row.last_grant) === 0) return null;
    state.allowance += Number(row.last_grant);
    state.reservedAt = now;
    const used = Number(row.used);
    this.onUsage(state.plan, used);
    return used;
  }

  private async returnIdle(now: number): Promise<void> {
    for (const state of this.states.values()) {
      const lastUse = Math.max(state.reservedAt, state.admittedAt);
      if (state.allowance > 0 && !state.reserving && now - lastUse >= RETURN_UNUSED_AFTER_MS) {
        await this.giveBack(state).catch(this.onError);
      }
    }
  }

  private async giveBack(state: OrganizationState): Promise<void> {
    const unused = state.allowance;
    if (unused <= 0) return;
    state.allowance = 0;
    await this.db.execute(sql`
      update usage_counter set used = greatest(0, used - ${unused}::bigint)
      where organization_id = ${state.plan.organizationId} and period_start = ${state.plan.periodStart}`);
  }
}
