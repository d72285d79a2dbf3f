import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { backdate, historySpan, setDemoWebhookUrl } from "@/db/statements/seed-history";
import { payments, type ApiKeyPair } from "@/db/schema";
import { SYSTEM_ACTOR } from "@/lib/audit/record-audit";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { sendTestEvent } from "@/lib/events/send-test-event";
import { createInvoice } from "@/lib/invoices/create-invoice";
import { CreateInvoiceBody } from "@/lib/invoices/invoice-input";
import { createKeyPair } from "@/lib/keys/create-key-pair";
import { lagosDay, lagosDayStart } from "@/lib/lagos-day";
import { markGetStarted } from "@/lib/overview/get-started";
import { issueDynamicPayId } from "@/lib/payids/issue-dynamic-payid";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { CreateDynamicPayIdBody } from "@/lib/payids/payid-input";
import { makeSandboxPayment, SandboxPaymentBody } from "@/lib/payments/sandbox-payment";
import { savePayoutSettings } from "@/lib/payouts/payout-settings";
import { tickSandboxBank } from "@/lib/rails/sandbox/sandbox-transfers";
import { decideTestRefund } from "@/lib/refunds/decide-test-refund";
import { processDueRefunds } from "@/lib/refunds/process-due-refunds";
import { requestPaymentRefund } from "@/lib/refunds/request-payment-refund";
import { initializeSession } from "@/lib/sessions/initialize-session";
import { InitializeSessionBody } from "@/lib/sessions/session-input";
import { getTransferOrThrow } from "@/lib/transfers/get-transfer";
import { initiateTransfer } from "@/lib/transfers/initiate-transfer";
import { setSandboxOutcome } from "@/lib/transfers/set-sandbox-outcome";
import { refreshFromBank } from "@/lib/transfers/submit-to-bank";
import { InitiateTransferBody } from "@/lib/transfers/transfer-input";
import { createVirtualAccount } from "@/lib/virtual-accounts/create-virtual-account";
import { parseOrThrow } from "@/lib/validation";
import { timeline } from "./timeline";

/** How many days the demo history covers, today included. */
export const HISTORY_DAYS = 30;

/** Where the demo website key's webhooks go: a name that never resolves (RFC 2606), so its deliveries fail. */
export const DEMO_FAILING_WEBHOOK = "https://hooks.demo-store.invalid/owo";

const PAYERS = [
  "Chinedu Okafor",
  "Aisha Bello",
  "Tunde Bakare",
  "Ngozi Eze",
  "Emeka Nwosu",
  "Funmi Adeyemi",
  "Ibrahim Musa",
  "Kemi Ogunleye",
  "Segun Afolabi",
  "Halima Yusuf",
  "Uche Obi",
  "Zainab Lawal",
];
const DAY_MS = 86_400_000;

/** A fixed pseudo-random sequence: every trial gets the same story. */
function sequence(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

type Scope = { merchantId: string; merchantName: string; personalMerchantId: string; baseUrl: string };
type Channel = "card" | "crypto" | "bank_transfer" | "payid" | "dynamic_payid";

/**
 * `npm start`'s demo history (issue 26 item 3): 30 days of a busy shop for the demo business,
 * in test mode, made through the same commands the API runs (so fees, ledger, events and the
 * kept counts are what real traffic makes), then moved to the days they stand for (backdate.ts).
 * Payments on every channel (card and crypto through checkout sessions, bank transfer to
 * virtual accounts, PayID to the wallet and to dynamic PayIDs), a few checkouts left unpaid,
 * bank and PayID transfers (one failed, its money back in the wallet), a paid and an open
 * invoice, a refund, a payout account, and a website key whose webhook URL fails.
 *
 * Once only: a demo business that already has a test payment (an earlier start, or someone
 * trying it) gets nothing more. Answers what it did.
 */
export async function seedDemoHistory(db: Db, scope: Scope): Promise<{ seeded: boolean; payments: number }> {
  const [any] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.merchantId, scope.merchantId), eq(payments.mode, "test")))
    .limit(1);
  if (any) return { seeded: false, payments: 0 };

  const since = new Date();
  const { marks, step: markedStep } = timeline();
  const now = Date.now();
  const random = sequence(26);
  const owner = { merchantId: scope.merchantId, mode: "test" as const };
  const wallet = (await getWalletPayId(db, owner))!;
  const personalWallet = await getWalletPayId(db, { merchantId: scope.personalMerchantId, mode: "test" });

  // The shop's website: every channel, and a webhook URL set later (below).
  const website = (
    await createKeyPair(db, {
      merchantId: scope.merchantId,
      mode: "test",
      config: { name: "Demo Store website", paymentMethods: ["bank_transfer", "payid", "card", "crypto"], cryptoAssets: ["USDT:tron", "USDC:ethereum"] },
      actor: SYSTEM_ACTOR,
    })
  ).keyPair as ApiKeyPair;

  /** Each step is stamped `daysAgo` days back at a Lagos hour; today's steps stay before now. */
  let todayCount = 0;
  const at = (daysAgo: number, hour: number): Date => {
    if (daysAgo === 0) return todayStepTime(now, todayCount++);
    const day = lagosDay(new Date(now - daysAgo * DAY_MS));
    return new Date(Date.parse(`${day}T00:00:00Z`) - 3_600_000 + hour * 3_600_000 + Math.floor(random() * 50) * 60_000);
  };
  const step = <T>(daysAgo: number, hour: number, run: () => Promise<T>): Promise<T> => markedStep(at(daysAgo, hour), run);
  const naira = (min: number, max: number) => Math.round((min + random() * (max - min)) / 50) * 50 * 100;
  const payer = () => PAYERS[Math.floor(random() * PAYERS.length)]!;
  const pay = (body: Record<string, unknown>) =>
    makeSandboxPayment(db, { mode: "test", merchantId: scope.merchantId, body: parseOrThrow(SandboxPaymentBody, body) });

  const session = (amount: number, name: string) =>
    initializeSession(db, {
      owner: { ...owner, keyPairId: website.id },
      merchantName: scope.merchantName,
      key: website,
      baseUrl: scope.baseUrl,
      body: parseOrThrow(InitializeSessionBody, { amount, email: `${name.split(" ")[0]!.toLowerCase()}@example.com`, customer_name: name }),
    });

  async function receive(channel: Channel): Promise<string> {
    const amount = naira(2_500, 85_000);
    const name = payer();
    switch (channel) {
      case "card":
      case "crypto": {
        const s = await session(amount, name);
        const body = channel === "crypto" ? { asset: "USDT", network: "tron" } : {};
        return (await pay({ session_id: s.session_id, channel, amount, ...body })).reference;
      }
      case "bank_transfer": {
        const va = await createVirtualAccount(db, {
          ...owner,
          merchantName: scope.merchantName,
          keyPairId: website.id,
          settlementPayIdId: null,
          source: "api",
          amount,
          validityMinutes: 60,
        });
        return (await pay({ account_number: va.accountNumber!, amount, payer: { name, bank: "GTBank", account: "0123456789" } })).reference;
      }
      case "payid":
        return (await pay({ pay_id: `@${wallet.payId}`, amount, payer: { name } })).reference;
      case "dynamic_payid": {
        const d = await issueDynamicPayId(db, {
          ...owner,
          keyPairId: website.id,
          settlementPayIdId: null,
          source: "api",
          body: parseOrThrow(CreateDynamicPayIdBody, { amount: amount / 100, name: "order" }),
        });
        return (await pay({ pay_id: d.fullPayId, amount, payer: { name } })).reference;
      }
    }
  }

  await step(HISTORY_DAYS - 1, 9, () =>
    savePayoutSettings(db, {
      ...owner,
      bankCode: "058",
      accountNumber: "0123456789",
      schedule: "manual",
      hour: 10,
      weekday: 1,
      reserve: "",
      actor: SYSTEM_ACTOR,
    }),
  );

  const channels: Channel[] = ["card", "bank_transfer", "payid", "card", "dynamic_payid", "bank_transfer", "crypto", "payid"];
  let received = 0;
  let refundable: string | null = null;
  for (let daysAgo = HISTORY_DAYS - 1; daysAgo >= 0; daysAgo--) {
    // The day's steps, run in the order of their hours (so rows and ledger lines keep time order).
    const day: { hour: number; run: () => Promise<unknown> }[] = [];
    const count = 1 + Math.floor(random() * 3);
    for (let i = 0; i < count; i++) {
      const channel = channels[(daysAgo * 3 + i) % channels.length]!;
      day.push({
        hour: 9 + i * 3,
        run: async () => {
          const reference = await receive(channel);
          received++;
          if (!refundable && daysAgo <= 12 && channel === "card") refundable = reference;
        },
      });
    }
    // Some checkouts are started and never paid (the overview's conversion).
    if (daysAgo % 4 === 1) day.push({ hour: 20, run: () => session(naira(5_000, 40_000), payer()) });
    if (daysAgo === 24 || daysAgo === 16 || daysAgo === 6) day.push({ hour: 17, run: () => bankTransfer(naira(20_000, 60_000), "completed", daysAgo) });
    if (daysAgo === 11) day.push({ hour: 16, run: () => bankTransfer(naira(15_000, 30_000), "failed", daysAgo) });
    if (daysAgo === 13 && personalWallet) {
      day.push({
        hour: 18,
        run: () =>
          initiateTransfer(db, {
            ...owner,
            merchantName: scope.merchantName,
            walletPayIdId: wallet.id,
            keyPairId: website.id,
            source: "api",
            body: parseOrThrow(InitiateTransferBody, {
              type: "payid",
              pay_id: `@${personalWallet.payId}`,
              amount: 1_500_000,
              narration: "Stock from Ada",
              reference: "demo-payid-transfer",
            }),
          }),
      });
    }
    if (daysAgo === 20) day.push({ hour: 18, run: () => invoice("Lagos Events Ltd", "paid") });
    if (daysAgo === 3) day.push({ hour: 18, run: () => invoice("Adebayo Catering", "open") });
    if (daysAgo === 7) {
      day.push({
        hour: 19,
        run: async () => {
          if (!refundable) return;
          const { refund } = await requestPaymentRefund(db, { ...owner, keyPairId: website.id, reference: refundable, reason: "Customer returned the order" });
          await decideTestRefund(db, { ...owner, refundId: refund.id, decision: "approve" });
          await processDueRefunds(db);
        },
      });
    }
    // The website's webhook endpoint is down: a test event to it fails (Developers → Webhooks).
    if (daysAgo === 1) {
      day.push({
        hour: 21,
        run: async () => {
          await setDemoWebhookUrl(db, { keyPairId: website.id, url: DEMO_FAILING_WEBHOOK });
          await sendTestEvent(db, { ...owner, keyPairId: website.id });
          await afterCommitDeliveriesSettled();
        },
      });
    }
    for (const { hour, run } of day.sort((a, b) => a.hour - b.hour)) await step(daysAgo, hour, run);
  }

  // Nothing of the history's own may still be running when the caller lets the database go
  // (npm start closes the embedded one before the server opens it).
  await afterCommitDeliveriesSettled();
  await backdate(db, { merchantId: scope.merchantId, since, until: new Date(), marks });
  // The demo is a business already set up: Home shows its figures, not the checklist.
  await markGetStarted(db, scope.merchantId, "dismissed");
  return { seeded: true, payments: received };

  async function bankTransfer(amount: number, outcome: "completed" | "failed", daysAgo: number) {
    const t = await initiateTransfer(db, {
      ...owner,
      merchantName: scope.merchantName,
      walletPayIdId: wallet.id,
      keyPairId: website.id,
      source: "api",
      body: parseOrThrow(InitiateTransferBody, {
        type: "bank_transfer",
        amount,
        account_number: outcome === "failed" ? "0000000019" : "0123456789",
        bank_code: "058",
        account_name: outcome === "failed" ? "KOLA SUPPLIES" : "ADA OBI",
        narration: outcome === "failed" ? "Packaging supplier" : "Supplier payment",
        reference: `demo-transfer-${daysAgo}`,
      }),
    });
    await setSandboxOutcome(db, {
      ...owner,
      reference: t.reference,
      body: { status: outcome, ...(outcome === "failed" ? { reason: "Beneficiary account is dormant" } : {}) },
    });
    await tickSandboxBank({ settleUndecided: false, only: { reference: t.reference } });
    await refreshFromBank(db, await getTransferOrThrow(db, { ...owner, reference: t.reference }));
  }

  async function invoice(customer: string, state: "paid" | "open") {
    const due = lagosDay(new Date(now + 14 * DAY_MS));
    const created = await createInvoice(db, {
      ...owner,
      keyPairId: website.id,
      settlementPayIdId: null,
      source: "api",
      baseUrl: scope.baseUrl,
      body: parseOrThrow(CreateInvoiceBody, {
        customer_name: customer,
        customer_email: `accounts@${customer.split(" ")[0]!.toLowerCase()}.example.com`,
        line_items: [
          { description: "Small chops platter", quantity: 4, unit_price: 2_500_000 },
          { description: "Delivery", quantity: 1, unit_price: 500_000 },
        ],
        due_date: due,
        merchant_reference: `demo-invoice-${state}`,
        send: true,
      }),
    });
    if (state === "paid") await pay({ invoice_id: created.publicId, channel: "bank_transfer", amount: created.total, payer: { name: customer } });
    return created;
  }
}

/** The demo's span, for checks: its oldest and newest test payment. */
export { historySpan };

/**
 * When today's `k`-th step (0, 1, … up to 13) is stamped: three minutes apart from 40 minutes
 * before `now`, but never before the Lagos day began (just after midnight the steps share the
 * minutes since then, so today keeps its activity), and before `now`.
 */
export function todayStepTime(now: number, k: number): Date {
  const dayStart = lagosDayStart(lagosDay(new Date(now))).getTime();
  return new Date(Math.max(now - (40 - 3 * k) * 60_000, dayStart + ((k + 1) * (now - dayStart)) / 16));
}
