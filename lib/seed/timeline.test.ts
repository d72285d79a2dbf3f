import { describe, expect, it } from "vitest";
import { timeline } from "./timeline";

describe("the demo history's timeline (lib/seed/timeline.ts)", () => {
  it("rule: a step's mark falls strictly after the millisecond the step before it ended, even when steps take no time", async () => {
    const { marks, step } = timeline();
    const ended: number[] = [];
    for (let i = 0; i < 40; i++) {
      await step(new Date(Date.UTC(2026, 0, 1, i)), async () => void ended.push(Date.now()));
    }
    expect(marks).toHaveLength(40);
    for (let i = 1; i < marks.length; i++) {
      // A row the step before wrote at its very end (its millisecond, any microsecond) is before this mark.
      expect(marks[i]!.real.getTime(), `mark ${i}`).toBeGreaterThan(ended[i - 1]!);
    }
  });

  it("rule: each mark carries the time its step stands for", async () => {
    const { marks, step } = timeline();
    const answer = await step(new Date("2026-11-25T08:02:00Z"), async () => "ran");
    expect(answer).toBe("ran");
    expect(marks[0]!.target.toISOString()).toBe("2026-11-25T08:02:00.000Z");
  });
});
