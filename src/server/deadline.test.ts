import { describe, expect, it } from "vitest";
import { startDeadline } from "./deadline.ts";

describe("startDeadline", () => {
  it("aborts with a TimeoutError at the limit and says it timed out", async () => {
    let notified = false;
    const deadline = startDeadline(undefined, 20, () => {
      notified = true;
    });
    await new Promise((resolve) => deadline.signal.addEventListener("abort", resolve));
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
    const caller = new AbortController();
    caller.abort("gone");
    expect(startDeadline(caller.signal, 10_000).signal.reason).toBe("gone");
    const live = new AbortController();
    const released = startDeadline(live.signal, 20);
    released.release();
    live.abort();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(released.signal.aborted).toBe(false);
    expect(released.timedOut()).toBe(false);
  });
});
