import { describe, expect, it } from "vitest";
import { makeKey } from "@/tests/factories";
import { owoClient, owoError } from "./client";

describe("typed client: events", () => {
  it("a payment's event is listed newest first and can be read by id; an unknown id is 404 NOT_FOUND", async () => {
    const owo = owoClient((await makeKey()).secretKey);
    const payId = await owo.createDynamicPayId({ amount: 100, amount_validation: "A0" });
    await owo.createSandboxPayment({ pay_id: payId.full_pay_id, amount: 10_000 });
    const page = await owo.listEvents({ page_size: 5 });
    expect(page.items.length).toBeGreaterThan(0);
    const newest = page.items[0]!;
    expect(await owo.getEvent(newest.id)).toEqual(newest);
    const filtered = await owo.listEvents({ event: newest.event });
    expect(filtered.items.every((e) => e.event === newest.event)).toBe(true);
    expect((await owoError(owo.getEvent("evt_missing"))).status).toBe(404);
  });
});
