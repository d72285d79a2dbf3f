import { describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { makeKey, makeMerchant } from "@/tests/factories";
import { owoClient, owoError } from "./client";

describe("typed client: PayIDs", () => {
  it("dynamic PayID: create (amount in naira), list, get, deactivate; a second deactivate is INVALID_STATE", async () => {
    const owo = owoClient((await makeKey()).secretKey);
    const created = await owo.createDynamicPayId({ amount: 1500.5, name: "Concert ticket" });
    expect(created).toMatchObject({ amount: "1500.50", status: "active", name: "Concert ticket" });
    const page = await owo.listDynamicPayIds({ page: 1, page_size: 10 });
    expect(page.items.map((i) => i.id)).toContain(created.id);
    expect((await owo.getDynamicPayId(created.id)).full_pay_id).toBe(created.full_pay_id);
    expect((await owo.deleteDynamicPayId(created.id)).success).toBe(true);
    const again = await owoError(owo.deactivateDynamicPayId(created.id));
    expect(again.code).toBe("INVALID_STATE");
  });

  it("static PayID: create, rename, deactivate, reactivate, list; a taken handle is 409 PAY_ID_TAKEN", async () => {
    const { merchant } = await makeMerchant({ type: "business" });
    const owo = owoClient((await makeKey({ merchantId: merchant.id })).secretKey);
    const handle = `shop${randomBase62(8).toLowerCase()}`;
    const created = await owo.createStaticPayId({ pay_id: handle, suffix: ".spid", name: "Front desk" });
    expect(created).toMatchObject({ name: "Front desk", is_active: true });
    expect((await owo.updateStaticPayId(created.id, { name: "Till 2" })).name).toBe("Till 2");
    expect((await owo.deleteStaticPayId(created.id)).message).toMatch(/deactivated/);
    expect((await owo.getStaticPayId(created.id)).is_active).toBe(false);
    expect((await owo.reactivateStaticPayId(created.id)).message).toMatch(/reactivated/);
    expect((await owo.deactivateStaticPayId(created.id)).success).toBe(true);
    expect((await owo.listStaticPayIds()).items.map((i) => i.id)).toContain(created.id);
    const taken = await owoError(owo.createStaticPayId({ pay_id: handle, suffix: ".spid", name: "Again" }));
    expect({ status: taken.status, code: taken.code }).toEqual({ status: 409, code: "PAY_ID_TAKEN" });
  });

  it("a personal account's key gets BUSINESS_ACCOUNT_REQUIRED from static PayIDs", async () => {
    const { merchant } = await makeMerchant({ type: "personal" });
    const err = await owoError(owoClient((await makeKey({ merchantId: merchant.id })).secretKey).listStaticPayIds());
    expect(err.code).toBe("BUSINESS_ACCOUNT_REQUIRED");
  });
});
