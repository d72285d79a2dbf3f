import { describe, expect, it } from "vitest";
import { oneOutcome } from "@/client/inline/once";

// Supplement §7: onSuccess exactly once; onClose only when closed before paying.
describe("oneOutcome: one inline checkout reports one outcome, once", () => {
  function recorder() {
    const calls: string[] = [];
    const outcome = oneOutcome<string, string>({
      onSuccess: (v) => calls.push(`success:${v}`),
      onClose: () => calls.push("close"),
      onError: (e) => calls.push(`error:${e}`),
    });
    return { calls, outcome };
  }

  it("a second success message is ignored", () => {
    const { calls, outcome } = recorder();
    expect(outcome.success("a")).toBe(true);
    expect(outcome.success("a")).toBe(false);
    expect(calls).toEqual(["success:a"]);
  });

  it("closing after a success does not call onClose", () => {
    const { calls, outcome } = recorder();
    outcome.success("a");
    expect(outcome.close()).toBe(false);
    expect(calls).toEqual(["success:a"]);
    expect(outcome.settled).toBe(true);
  });

  it("after a close, a late success is not reported", () => {
    const { calls, outcome } = recorder();
    outcome.close();
    outcome.success("late");
    outcome.error("late");
    expect(calls).toEqual(["close"]);
  });

  it("missing callbacks are fine", () => {
    expect(oneOutcome({}).success("x")).toBe(true);
  });
});
