import { afterEach, describe, expect, it } from "vitest";
import { cutoffFor, cutoffHours, expectedPayoutAt } from "./cutoff-schedule";

const at = (iso: string) => new Date(iso);

describe("settlement cutoff schedule", () => {
  const saved = process.env.OWO_SETTLEMENT_CUTOFF_HOURS;
  afterEach(() => {
    if (saved === undefined) delete process.env.OWO_SETTLEMENT_CUTOFF_HOURS;
    else process.env.OWO_SETTLEMENT_CUTOFF_HOURS = saved;
  });

  it("defaults to one cutoff a day at 16:00 Lagos (15:00 UTC)", () => {
    delete process.env.OWO_SETTLEMENT_CUTOFF_HOURS;
    expect(cutoffHours()).toEqual([16]);
    expect(cutoffFor(at("2026-03-10T09:00:00Z")).toISOString()).toBe("2026-03-10T15:00:00.000Z");
    expect(cutoffFor(at("2026-03-10T14:59:59.999Z")).toISOString()).toBe("2026-03-10T15:00:00.000Z");
  });

  it("a payment received exactly at or after the cutoff waits for the next day's", () => {
    delete process.env.OWO_SETTLEMENT_CUTOFF_HOURS;
    expect(cutoffFor(at("2026-03-10T15:00:00Z")).toISOString()).toBe("2026-03-11T15:00:00.000Z");
    expect(cutoffFor(at("2026-03-10T22:30:00Z")).toISOString()).toBe("2026-03-11T15:00:00.000Z");
  });

  it("uses the Lagos calendar day (23:30 UTC is already tomorrow in Lagos)", () => {
    delete process.env.OWO_SETTLEMENT_CUTOFF_HOURS;
    expect(cutoffFor(at("2026-03-10T23:30:00Z")).toISOString()).toBe("2026-03-11T15:00:00.000Z");
    expect(cutoffFor(at("2026-12-31T23:30:00Z")).toISOString()).toBe("2027-01-01T15:00:00.000Z");
  });

  it("expected payout is the cutoff's run", () => {
    delete process.env.OWO_SETTLEMENT_CUTOFF_HOURS;
    const received = at("2026-03-10T10:00:00Z");
    expect(expectedPayoutAt(received)).toEqual(cutoffFor(received));
  });

  it("takes several cutoffs a day from OWO_SETTLEMENT_CUTOFF_HOURS (Lagos hours)", () => {
    process.env.OWO_SETTLEMENT_CUTOFF_HOURS = "16, 10";
    expect(cutoffHours()).toEqual([10, 16]);
    expect(cutoffFor(at("2026-03-10T08:00:00Z")).toISOString()).toBe("2026-03-10T09:00:00.000Z");
    expect(cutoffFor(at("2026-03-10T09:00:00Z")).toISOString()).toBe("2026-03-10T15:00:00.000Z");
    expect(expectedPayoutAt(at("2026-03-10T16:00:00Z")).toISOString()).toBe("2026-03-11T09:00:00.000Z");
    process.env.OWO_SETTLEMENT_CUTOFF_HOURS = "0";
    expect(cutoffFor(at("2026-03-10T22:59:00Z")).toISOString()).toBe("2026-03-10T23:00:00.000Z");
  });

  it("falls back to the default on an invalid setting", () => {
    for (const bad of ["24", "x", "10,,16", "-1", "1.5"]) expect(cutoffHours(bad)).toEqual([16]);
    expect(cutoffHours(" ")).toEqual([16]);
  });
});
