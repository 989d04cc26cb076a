import { afterEach, describe, expect, it, vi } from "vitest";
import { startDeadline } from "./deadline.ts";

describe("startDeadline", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("aborts with a TimeoutError at the limit and says it timed out", async () => {
    vi.useFakeTimers();
    let notified = false;
    const deadline = startDeadline(undefined, 20, () => {
      notified = true;
    });
    await vi.advanceTimersByTimeAsync(19);
    expect(deadline.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.timedOut()).toBe(true);
    expect(notified).toBe(true);
    expect((deadline.signal.reason as DOMException).name).toBe("TimeoutError");
  });

  it("follows the caller's abort, with its reason, without counting it as a timeout", () => {
    const caller = new AbortController();
    const deadline = startDeadline(caller.signal, 10_000);
    caller.abort(new Error("client went away"));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toEqual(new Error("client went away"));
    expect(deadline.timedOut()).toBe(false);
    deadline.release();
  });

  it("is already aborted when the caller was, and stays quiet once released", async () => {
    vi.useFakeTimers();
    const caller = new AbortController();
    caller.abort("gone");
    expect(startDeadline(caller.signal, 10_000).signal.reason).toBe("gone");
    const live = new AbortController();
    const released = startDeadline(live.signal, 20);
    released.release();
    live.abort();
    await vi.advanceTimersByTimeAsync(40);
    expect(vi.getTimerCount()).toBe(1); // only the first deadline's, never released
    expect(released.signal.aborted).toBe(false);
    expect(released.timedOut()).toBe(false);
  });
});
