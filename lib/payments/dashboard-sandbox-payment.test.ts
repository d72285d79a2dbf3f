import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { events, payments } from "@/db/schema";
import { createDynamicPayId } from "@/lib/payids/dynamic-payids";
import { CreateStaticPayIdBody } from "@/lib/payids/payid-input";
import { createStaticPayId } from "@/lib/payids/static-payids";
import { issueVirtualAccount } from "@/lib/virtual-accounts/issue-virtual-account";
import { makeKey } from "@/tests/factories";
import { createInvoiceOk, inDays } from "@/tests/invoices";
import { insertStaticAccount } from "@/tests/static-accounts";
import { simulateDashboardPayment } from "./dashboard-sandbox-payment";

/** Issue 18 item 5: the dashboard's "Simulate a payment" is POST /v1/sandbox/payments on the merchant's own record. */

type Key = Awaited<ReturnType<typeof makeKey>>;
let k: Key;
const inAnHour = () => new Date(Date.now() + 3_600_000);

beforeAll(async () => {
  k = await makeKey({ config: { rateLimit: 100_000 } });
});

const simulate = async (
  target: Parameters<typeof simulateDashboardPayment>[1]["target"],
  id: string,
  amount: number,
  merchantId = k.merchantId,
  mode: "test" | "live" = "test",
) => simulateDashboardPayment(await getDb(), { merchantId, mode, target, id, amount, payerName: "Kemi Adeyemi" });

async function paymentRow(reference: string) {
  const [row] = await (await getDb()).select().from(payments).where(eq(payments.reference, reference));
  return row!;
}

async function chargeSuccess(reference: string) {
  return (
    await (
      await getDb()
    )
      .select()
      .from(events)
      .where(and(eq(events.type, "charge.success"), eq(events.merchantId, k.merchantId)))
  ).filter((e) => (e.data as { reference: string }).reference === reference);
}

describe("simulate a payment from the dashboard", () => {
  it("pays a virtual account by its public id as the sandbox bank would: payment row, payer's name, charge.success", async () => {
    const db = await getDb();
    const va = await db.transaction((tx) =>
      issueVirtualAccount(tx, {
        merchantId: k.merchantId,
        mode: "test",
        keyPairId: k.keyPair.id,
        settlementPayIdId: k.keyPair.settlementPayIdId!,
        amount: 250_000,
        amountValidation: "A0",
        expiresAt: inAnHour(),
        source: "dashboard",
        accountName: "Shop",
      }),
    );
    const paid = await simulate("virtual_account", va.publicId, 250_000);
    expect(paid).toMatchObject({ channel: "bank_transfer", amount: 250_000, status: "completed" });
    expect(await paymentRow(paid.reference)).toMatchObject({ virtualAccountId: va.id, destinationKind: "virtual_account", payer: { name: "Kemi Adeyemi" } });
    expect(await chargeSuccess(paid.reference)).toHaveLength(1);
  });

  it("pays a static account, a dynamic PayID, a static PayID and an invoice", async () => {
    const db = await getDb();
    const account = await insertStaticAccount({ merchantId: k.merchantId, mode: "test", keyPairId: k.keyPair.id });
    expect(await simulate("static_account", account.id, 90_000)).toMatchObject({ channel: "static_account", amount: 90_000 });

    const dyn = await db.transaction((tx) =>
      createDynamicPayId(tx, {
        merchantId: k.merchantId,
        mode: "test",
        keyPairId: k.keyPair.id,
        settlementPayIdId: k.keyPair.settlementPayIdId!,
        amount: 60_000,
        amountValidation: "A4",
        allowMultiplePayments: false,
        expiresAt: inAnHour(),
        source: "dashboard",
      }),
    );
    expect(await simulate("dynamic_payid", dyn.id, 60_000)).toMatchObject({ channel: "payid", amount: 60_000 });

    const sp = await createStaticPayId(db, {
      merchantId: k.merchantId,
      mode: "test",
      merchantType: "business",
      keyPairId: k.keyPair.id,
      settlementPayIdId: k.keyPair.settlementPayIdId!,
      source: "dashboard",
      body: CreateStaticPayIdBody.parse({ pay_id: `sim${Date.now().toString(36)}`, suffix: ".spid", name: "Till" }),
    });
    const spPaid = await simulate("static_payid", sp.id, 30_000);
    expect(await paymentRow(spPaid.reference)).toMatchObject({ staticPayIdId: sp.id });

    const inv = await createInvoiceOk(k, {
      customer_name: "Tola",
      customer_email: "tola@example.com",
      line_items: [{ description: "Cake", quantity: 1, unit_price: 120_000 }],
      due_date: inDays(7),
      send: true,
    });
    const invPaid = await simulate("invoice", inv.public_id, 120_000);
    expect(await paymentRow(invPaid.reference)).toMatchObject({ destinationKind: "invoice", amount: 120_000 });
  });

  it("another merchant's record is not found, and live mode is refused (SANDBOX_ONLY) with nothing paid", async () => {
    const db = await getDb();
    const other = await makeKey({ config: { rateLimit: 100_000 } });
    const account = await insertStaticAccount({ merchantId: k.merchantId, mode: "test", keyPairId: k.keyPair.id });
    await expect(simulate("static_account", account.id, 10_000, other.merchantId)).rejects.toMatchObject({ code: "DESTINATION_NOT_FOUND" });
    await expect(simulate("static_account", account.id, 10_000, k.merchantId, "live")).rejects.toMatchObject({ code: "SANDBOX_ONLY", status: 403 });
    await expect(simulate("dynamic_payid", "not-a-uuid", 10_000)).rejects.toMatchObject({ code: "DESTINATION_NOT_FOUND" });
    expect(await db.select().from(payments).where(eq(payments.merchantId, other.merchantId))).toHaveLength(0);
  });
});
