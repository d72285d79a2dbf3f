import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { activationRequests, checkoutSessions, getStartedMarks } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { sendTestEvent } from "@/lib/events/send-test-event";
import { randomBase62 } from "@/lib/ids";
import { createKeyPair } from "@/lib/keys/create-key-pair";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { simulateCheckoutPayment } from "@/lib/hosted/simulate-checkout-payment";
import { selectPaymentMethod } from "@/lib/sessions/select-payment-method";
import { savePayoutSettings } from "@/lib/payouts/payout-settings";
import { inviteMember } from "@/lib/team/invite-member";
import { getStarted, markGetStarted } from "./get-started";
import { setWebhookUrl } from "@/tests/events";
import { startTestPayment, TEST_PAYMENT_KOBO } from "./start-test-payment";

/** A business as sign-up makes it: not activated, no keys, nothing received. */
async function newBusiness() {
  const tag = randomBase62(8).toLowerCase();
  const email = `owner-${tag}@example.com`;
  const created = await createMerchant(await getDb(), {
    name: `Get Started ${tag}`,
    type: "business",
    email,
    password: "correct horse battery",
    actor: CLI_ACTOR,
    activated: false,
  });
  return { merchantId: created.merchant.id, name: created.merchant.name, email, actor: { type: "user" as const, userId: created.owner.id } };
}

const doneOf = async (merchantId: string) => Object.fromEntries((await getStarted(await getDb(), merchantId)).steps.map((s) => [s.id, s.done]));

describe("Home's Get started checklist: each step done as the records say (issue 26 item 3)", () => {
  it("a new business has every step to do, and each step turns done when its record exists; then the list hides for good", async () => {
    const db = await getDb();
    const m = await newBusiness();
    const first = await getStarted(db, m.merchantId);
    expect(first.steps.map((s) => s.id)).toEqual(["test_keys", "test_payment", "webhook", "payout_account", "team", "activation"]);
    expect(first.doneCount).toBe(0);
    expect(first.hidden).toBe(false);

    // The one-click test payment needs a test key first.
    await expect(
      startTestPayment(db, {
        merchantId: m.merchantId,
        merchantName: m.name,
        email: m.email,
        baseUrl: "http://127.0.0.1:3000",
        returnUrl: "http://127.0.0.1:3000/dashboard",
      }),
    ).rejects.toThrow(/test API keys first/);

    const key = await createKeyPair(db, { merchantId: m.merchantId, mode: "test", config: { name: "Site" }, actor: CLI_ACTOR });
    expect(await doneOf(m.merchantId)).toMatchObject({ test_keys: true, test_payment: false });

    // The test payment: a real test checkout session for ₦5,000, paid as its hosted page's "Simulate payment" pays it.
    const { sessionId } = await startTestPayment(db, {
      merchantId: m.merchantId,
      merchantName: m.name,
      email: m.email,
      baseUrl: "http://127.0.0.1:3000",
      returnUrl: "http://127.0.0.1:3000/dashboard",
    });
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session).toMatchObject({
      merchantId: m.merchantId,
      mode: "test",
      amount: TEST_PAYMENT_KOBO,
      status: "active",
      callbackUrl: "http://127.0.0.1:3000/dashboard",
      keyPairId: key.keyPair.id,
    });
    expect(await doneOf(m.merchantId)).toMatchObject({ test_payment: false });
    await selectPaymentMethod(db, { sessionId, owner: null, method: "bank_transfer", baseUrl: "http://127.0.0.1:3000" });
    await simulateCheckoutPayment(db, { sessionId, method: "bank_transfer" });
    expect(await doneOf(m.merchantId)).toMatchObject({ test_payment: true });

    // A webhook URL alone is not the step: a test event must have been sent to it.
    await setWebhookUrl(key.keyPair.id, "http://127.0.0.1:9/hooks"); // straight into the row: nothing leaves the machine
    expect(await doneOf(m.merchantId)).toMatchObject({ webhook: false });
    await sendTestEvent(db, { merchantId: m.merchantId, mode: "test", keyPairId: key.keyPair.id });
    await afterCommitDeliveriesSettled();
    expect(await doneOf(m.merchantId)).toMatchObject({ webhook: true });

    await savePayoutSettings(db, {
      merchantId: m.merchantId,
      mode: "test",
      bankCode: "058",
      accountNumber: "0123456789",
      schedule: "manual",
      hour: 10,
      weekday: 1,
      reserve: "",
      actor: m.actor,
    });
    expect(await doneOf(m.merchantId)).toMatchObject({ payout_account: true, team: false });

    await inviteMember(db, {
      merchantId: m.merchantId,
      actor: m.actor,
      email: `dev-${randomBase62(6).toLowerCase()}@example.com`,
      role: "developer",
      baseUrl: "http://127.0.0.1:3000",
    });
    expect(await doneOf(m.merchantId)).toMatchObject({ team: true, activation: false });

    const beforeActivation = await getStarted(db, m.merchantId);
    expect(beforeActivation).toMatchObject({ doneCount: 5, hidden: false });
    await db.insert(activationRequests).values({ merchantId: m.merchantId, status: "submitted", submittedAt: new Date() });
    const finished = await getStarted(db, m.merchantId);
    expect(finished).toMatchObject({ doneCount: 6, hidden: true });
    // Finished is kept: the list does not come back when a record later changes.
    const [marks] = await db.select().from(getStartedMarks).where(eq(getStartedMarks.merchantId, m.merchantId));
    expect(marks?.dismissedAt).toBeInstanceOf(Date);
    await db.delete(activationRequests).where(eq(activationRequests.merchantId, m.merchantId));
    expect((await getStarted(db, m.merchantId)).hidden).toBe(true);
  });

  it("'Just me for now' marks the team step; 'Hide' hides the list with steps left; another business's records count for nothing", async () => {
    const db = await getDb();
    const a = await newBusiness();
    const b = await newBusiness();
    await createKeyPair(db, { merchantId: b.merchantId, mode: "test", config: {}, actor: CLI_ACTOR });
    expect(await doneOf(a.merchantId)).toMatchObject({ test_keys: false });
    // A live key is not a test key.
    await createKeyPair(db, { merchantId: a.merchantId, mode: "live", config: {}, actor: CLI_ACTOR });
    expect(await doneOf(a.merchantId)).toMatchObject({ test_keys: false });

    await markGetStarted(db, a.merchantId, "team");
    const marked = await getStarted(db, a.merchantId);
    expect(marked).toMatchObject({ doneCount: 1, teamMarked: true, hidden: false });
    expect(await doneOf(b.merchantId)).toMatchObject({ team: false });

    await markGetStarted(db, a.merchantId, "dismissed");
    expect(await getStarted(db, a.merchantId)).toMatchObject({ doneCount: 1, hidden: true });
    expect((await getStarted(db, b.merchantId)).hidden).toBe(false);
  });
});
