import { AsyncLocalStorage } from "node:async_hooks";
import { readdirSync } from "node:fs";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { startUserSession } from "@/lib/users/user-sessions";
import { getDb } from "@/db/client";
import {
  activationDocuments,
  activationRequests,
  bulkTransferBatches,
  invitations,
  transferApprovals,
  memberships,
  merchants,
  ROLES,
  users,
  type Mode,
  type Role,
} from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import type { DashboardContext } from "@/lib/auth/dashboard-context";
import { FORBIDDEN_MESSAGE } from "@/lib/auth/role-policy";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { randomBase62, randomDigits } from "@/lib/ids";
import { uploadActivationDocument } from "@/lib/merchants/activation-documents";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { receivePayment } from "@/lib/payments/receive-payment";
import { insertUser } from "@/lib/users/create-user";
import { fundWallet } from "@/lib/wallets/fund-wallet";
import { emitCommitted, setWebhookUrl } from "@/tests/events";
import { makeKey, makeMerchant, plainIdentityNumber } from "@/tests/factories";
import { snapshot, snapshotDiff } from "@/tests/fuzz/world";
import { insertStaticAccount } from "@/tests/static-accounts";
import { fundLiveWallet } from "@/tests/transfers";

/*
 * Roles are enforced by the server: every exported dashboard server action is called, as the
 * real exported function, by an owner, a developer and a viewer of a real business (rows made
 * by the factories), in test and in live mode. Only two things are stood in for: who is signed
 * in (the dashboard-context module returns a DashboardContext built from those rows) and the
 * request's cookies and headers (next/headers). The database is the real one.
 *
 * A refused role gets "Your role does not allow this action." and the business's rows are
 * unchanged (every merchant-owned table, counted and hashed, before and after); an allowed
 * role's call succeeds (each fixture is one the action accepts).
 */

const state = vi.hoisted(() => ({ ctx: null as unknown, cookies: new Map<string, string>() }));

vi.mock("@/lib/auth/dashboard-context", () => ({
  MODE_COOKIE: "owo_mode",
  MERCHANT_COOKIE: "owo_merchant",
  getDashboardContext: async () => state.ctx,
  loadDashboardContext: async () => state.ctx,
}));

vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (state.cookies.has(name) ? { name, value: state.cookies.get(name)! } : undefined),
    getAll: () => [...state.cookies].map(([name, value]) => ({ name, value })),
    has: (name: string) => state.cookies.has(name),
    set: (name: string | { name: string; value: string }, value?: string) => {
      if (typeof name === "string") state.cookies.set(name, value ?? "");
      else state.cookies.set(name.name, name.value);
    },
    delete: (name: string) => state.cookies.delete(name),
  }),
  headers: async () => new Headers({ host: "localhost:3000", "user-agent": "role-enforcement-test", "x-owo-peer-address": "203.0.113.7" }),
}));

// ---- The actions, found on disk

const ROOT = path.resolve(import.meta.dirname, "../..");
const DASHBOARD = path.join(ROOT, "app/(dashboard)/dashboard");
const LIB_ACTIONS = path.join(ROOT, "lib/actions");
/**
 * lib/actions files that hold no dashboard action: the clients, the admin's and the hosted pages'
 * actions, and two-factor set-up (a member's own account, with its own test: two-factor/requirement.test.ts).
 */
const NOT_DASHBOARD = new Set(["safe-action.ts", "hosted.ts", "two-factor.ts"]);

/**
 * Every file that holds dashboard server actions, named as the matrix below names them: each
 * lib/actions/<area>.ts by its file name, and each actions.ts still beside the page that alone
 * uses it by its path under app/(dashboard)/dashboard.
 */
function actionFiles(): string[] {
  const beside = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return beside(full);
      return e.name === "actions.ts" ? [path.relative(DASHBOARD, full)] : [];
    });
  const inLib = readdirSync(LIB_ACTIONS, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") && !NOT_DASHBOARD.has(e.name))
    .map((e) => e.name);
  return [...inLib, ...beside(DASHBOARD)];
}

const fileOf = (name: string) => (name.includes("/") ? path.join(DASHBOARD, name) : path.join(LIB_ACTIONS, name));

type ActionFn = (input?: unknown) => Promise<unknown>;
const modules: Record<string, Record<string, unknown>> = {};

async function exportedActions(): Promise<Record<string, ActionFn>> {
  const out: Record<string, ActionFn> = {};
  for (const file of actionFiles()) {
    modules[file] ??= (await import(fileOf(file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(modules[file]!)) {
      if (typeof value === "function") out[`${file}#${name}`] = value as ActionFn;
    }
  }
  return out;
}

// ---- The business, its three members and what the actions act on

type World = { merchantId: string; otherWalletPayId: string; userIds: Record<Role, string> };
let world: World;

async function contextFor(role: Role, mode: Mode, userId = world.userIds[role]): Promise<DashboardContext> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const rows = await db
    .select({ merchant: merchants, role: memberships.role })
    .from(memberships)
    .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
  const chosen = rows.find((r) => r.merchant.id === world.merchantId)!;
  return {
    db,
    user: { id: user!.id, email: user!.email, isAdmin: user!.isAdmin },
    merchant: chosen.merchant,
    role: chosen.role,
    mode,
    scope: { merchantId: chosen.merchant.id, mode },
    actor: { type: "user", userId, ip: "203.0.113.7", userAgent: "role-enforcement-test" },
    memberships: rows.map((r) => ({ merchantId: r.merchant.id, name: r.merchant.name, role: r.role })),
  };
}

// What Next's server runtime sets up before any request: its request stores live in AsyncLocalStorage.
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
// Auth.js (signOutAction) refuses to run without a secret; the app's .env gives one.
process.env.AUTH_SECRET ??= "role-enforcement-test-secret";
type WorkStorage = typeof import("next/dist/server/app-render/work-async-storage.external").workAsyncStorage;
let workAsyncStorage: WorkStorage;

type Result = { data?: unknown; serverError?: string; validationErrors?: unknown };

/** Calls an action as `role` in `mode`, inside the work store a server action runs in. */
async function callAs(role: Role, mode: Mode, action: ActionFn, input?: unknown, userId?: string): Promise<Result> {
  state.ctx = await contextFor(role, mode, userId);
  state.cookies = new Map([
    ["owo_mode", mode],
    ["owo_merchant", world.merchantId],
  ]);
  const store = { route: "/dashboard", incrementalCache: {} } as unknown as Parameters<WorkStorage["run"]>[0];
  return (await workAsyncStorage.run(store, () => action(input))) as Result;
}

let actions: Record<string, ActionFn>;
const act = (key: string) => {
  const fn = actions[key];
  if (!fn) throw new Error(`no action ${key}`);
  return fn;
};

/** Sets up a record as the owner through the real action, and returns its data. */
async function asOwner<T>(mode: Mode, key: string, input: unknown): Promise<T> {
  const r = await callAs("owner", mode, act(key), input);
  expect(r.serverError ?? r.validationErrors, `${key} as owner (fixture)`).toBeUndefined();
  return r.data as T;
}

async function keyPair(mode: Mode, webhookUrl?: string): Promise<string> {
  const id = (await makeKey({ merchantId: world.merchantId, mode, config: { rateLimit: 100_000 } })).keyPair.id;
  // Straight into the row: a live key's URL must be public, and nothing here should leave the machine.
  if (webhookUrl) await setWebhookUrl(id, webhookUrl);
  return id;
}

/** A new member of the business with the given role (for the team actions that change one). */
async function member(role: Role): Promise<string> {
  const db = await getDb();
  const user = await insertUser(db, { email: `${role}-${randomBase62(8).toLowerCase()}@example.com`, password: "correct horse battery", name: null });
  await db.insert(memberships).values({ userId: user.id, merchantId: world.merchantId, role });
  return user.id;
}

async function openInvitation(mode: Mode): Promise<string> {
  const email = `invitee-${randomBase62(8).toLowerCase()}@example.com`;
  await asOwner(mode, "settings/team/actions.ts#inviteMemberAction", { email, role: "viewer" });
  const [row] = await (
    await getDb()
  )
    .select()
    .from(invitations)
    .where(and(eq(invitations.merchantId, world.merchantId), eq(invitations.email, email)));
  return row!.id;
}

async function staticAccount(mode: Mode): Promise<string> {
  return (await insertStaticAccount({ merchantId: world.merchantId, mode, keyPairId: await keyPair(mode) })).id;
}

async function staticPayment(mode: Mode): Promise<{ accountId: string; paymentId: string }> {
  const accountId = await staticAccount(mode);
  const payer = { name: "Ada Obi", bank: "Access Bank", account: "0690000031" };
  const booked = await (
    await getDb()
  ).transaction((tx) =>
    receivePayment(tx, { destination: { kind: "static_account", staticAccountId: accountId }, amount: 1_000_000, payer, narration: "Role test" }),
  );
  return { accountId, paymentId: booked.paymentId! };
}

/** A completed PayID payment into the business's wallet (a refund's subject, supplement §10). */
async function walletPayment(mode: Mode): Promise<string> {
  const db = await getDb();
  await keyPair(mode);
  const payId = (await getWalletPayId(db, { merchantId: world.merchantId, mode }))!;
  const booked = await db.transaction((tx) => receivePayment(tx, { destination: { kind: "pay_id", payId }, amount: 200_000, payer: { name: "Ada Obi" } }));
  return booked.reference;
}

const dueDate = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const invoiceBody = () => ({
  customer_name: "Role Customer",
  customer_email: "customer@example.com",
  line_items: [{ description: "Widget", quantity: 1, unit_price: 150_000 }],
  due_date: dueDate(),
});
const draftInvoice = async (mode: Mode) => (await asOwner<{ publicId: string }>(mode, "invoices.ts#createInvoiceAction", invoiceBody())).publicId;
const staticPayIdBody = () => ({ pay_id: `rl${randomBase62(10).toLowerCase()}`, suffix: ".spid", name: "Role static" });
const staticPayId = async (mode: Mode) => (await asOwner<{ id: string }>(mode, "payids.ts#createStaticPayIdAction", staticPayIdBody())).id;
const dynamicPayId = async (mode: Mode) => (await asOwner<{ id: string }>(mode, "payids.ts#createDynamicPayIdAction", { amount: 50 })).id;
const transferBody = () => ({
  type: "bank_transfer",
  account_number: "0123456789",
  bank_code: "058",
  account_name: "ADA OBI",
  amount: 20_000,
  reference: `role-${randomBase62(10)}`,
});
const paymentLink = async (mode: Mode) =>
  (await asOwner<{ id: string }>(mode, "payment-links.ts#createPaymentLinkAction", { title: "Role link", amount: 250_000 })).id;
const sentTransfer = async (mode: Mode) => (await asOwner<{ reference: string }>(mode, "transfers.ts#sendMoneyAction", { transfer: transferBody() })).reference;

// ---- The matrix: who may call each action, in which mode (written out, not read from rolePolicy)

type Who = Record<Role, readonly Mode[]>;
const BOTH = ["test", "live"] as const;
const TEST = ["test"] as const;
const NONE = [] as const;
/** Every member: switching mode or business, reading, signing out. */
const EVERYONE: Who = { owner: BOTH, developer: BOTH, viewer: BOTH };
/** Keys and webhooks, moving money and refund requests: owners; developers in test mode only. */
const OWNER_OR_TEST_DEVELOPER: Who = { owner: BOTH, developer: TEST, viewer: NONE };
/** PayIDs, virtual accounts, invoices, static accounts: owners and developers in both modes. */
const RECEIVABLES: Who = { owner: BOTH, developer: BOTH, viewer: NONE };
/** Team, settlement destination. */
const OWNER_ONLY: Who = { owner: BOTH, developer: NONE, viewer: NONE };
/** Sandbox tools: test mode only. */
const TEST_TOOL: Who = { owner: TEST, developer: TEST, viewer: NONE };

type Entry = {
  who: Who;
  /** The action's input in `mode`; it sets up (as the owner) any record the action needs. */
  input: (mode: Mode, role: Role) => Promise<unknown>;
  /** Plain server functions (not next-safe-action): what calling one does. */
  plain?: true;
  /** The caller is a new member with the role rather than the standing one (an action that ends the caller's membership). */
  freshCaller?: true;
};

const MATRIX: Record<string, Entry> = {
  // Shell
  "shell.ts#setModeAction": { who: EVERYONE, input: async (mode) => ({ mode }) },
  "shell.ts#switchMerchantAction": { who: EVERYONE, input: async () => ({ merchantId: world.merchantId }) },
  "shell.ts#signOutAction": { who: EVERYONE, input: async () => undefined, plain: true },
  "home.ts#fundWalletAction": { who: TEST_TOOL, input: async () => ({ naira: "1000" }) },
  "home.ts#startTestPaymentAction": { who: TEST_TOOL, input: async (mode) => (await keyPair(mode), undefined) },
  "home.ts#markGetStartedAction": { who: OWNER_ONLY, input: async () => ({ mark: "team" }) },

  // API keys and webhooks
  "developers.ts#createKeyAction": { who: OWNER_OR_TEST_DEVELOPER, input: async () => ({ name: "Role key" }) },
  "developers.ts#rollKeyAction": { who: OWNER_OR_TEST_DEVELOPER, input: async (mode) => ({ keyPairId: await keyPair(mode) }) },
  "developers.ts#revokeKeyAction": { who: OWNER_OR_TEST_DEVELOPER, input: async (mode) => ({ keyPairId: await keyPair(mode) }) },
  "developers.ts#revealWebhookSecretAction": { who: OWNER_OR_TEST_DEVELOPER, input: async (mode) => ({ keyPairId: await keyPair(mode) }) },
  "developers.ts#rotateWebhookSecretAction": { who: OWNER_OR_TEST_DEVELOPER, input: async (mode) => ({ keyPairId: await keyPair(mode) }) },
  "developers.ts#setWebhookUrlAction": {
    who: OWNER_OR_TEST_DEVELOPER,
    input: async (mode) => ({ keyPairId: await keyPair(mode, "http://127.0.0.1:9/hooks"), webhookUrl: null }),
  },
  "webhooks.ts#resendEventAction": {
    who: OWNER_OR_TEST_DEVELOPER,
    input: async (mode) => ({
      eventId: await emitCommitted({ merchantId: world.merchantId, keyPair: { id: await keyPair(mode, "http://127.0.0.1:9/hooks"), mode } }),
    }),
  },
  "webhooks.ts#sendTestEventAction": {
    who: OWNER_OR_TEST_DEVELOPER,
    input: async (mode) => ({ keyPairId: await keyPair(mode, "http://127.0.0.1:9/hooks") }),
  },

  // Receivables
  "invoices.ts#createInvoiceAction": { who: RECEIVABLES, input: async () => invoiceBody() },
  "invoices.ts#updateInvoiceAction": { who: RECEIVABLES, input: async (mode) => ({ publicId: await draftInvoice(mode), body: { note: "Changed" } }) },
  "invoices.ts#changeInvoiceAction": { who: RECEIVABLES, input: async (mode) => ({ publicId: await draftInvoice(mode), change: "send" }) },
  "payids.ts#createStaticPayIdAction": { who: RECEIVABLES, input: async () => staticPayIdBody() },
  "payids.ts#updateStaticPayIdAction": { who: RECEIVABLES, input: async (mode) => ({ id: await staticPayId(mode), name: "Renamed" }) },
  "payids.ts#setStaticPayIdActiveAction": { who: RECEIVABLES, input: async (mode) => ({ id: await staticPayId(mode), active: false }) },
  "payids.ts#createDynamicPayIdAction": { who: RECEIVABLES, input: async () => ({ amount: 75 }) },
  "payids.ts#deactivateDynamicPayIdAction": { who: RECEIVABLES, input: async (mode) => ({ id: await dynamicPayId(mode) }) },
  "payment-links.ts#createPaymentLinkAction": { who: RECEIVABLES, input: async () => ({ title: "Role link", amount: 250_000 }) },
  "payment-links.ts#updatePaymentLinkAction": {
    who: RECEIVABLES,
    input: async (mode) => ({ id: await paymentLink(mode), body: { title: "Renamed" } }),
  },
  "virtual-accounts.ts#createVirtualAccountAction": { who: RECEIVABLES, input: async () => ({ amount: 5000 }) },
  "static-accounts.ts#createStaticAccountAction": {
    who: RECEIVABLES,
    input: async () => ({ customer_name: "Chidi Okafor", identity_type: "bvn", identity_number: plainIdentityNumber(), reference: `cust_${randomDigits(10)}` }),
  },
  "static-accounts.ts#changeStaticAccountAction": { who: RECEIVABLES, input: async (mode) => ({ id: await staticAccount(mode), change: "disable" }) },

  // Money out
  "refunds.ts#approveTestRefundAction": { who: TEST_TOOL, input: async (mode) => ({ refundId: await openRefund(mode) }) },
  "refunds.ts#rejectTestRefundAction": { who: TEST_TOOL, input: async (mode) => ({ refundId: await openRefund(mode), reason: "Role test" }) },
  "refunds.ts#requestPaymentRefundAction": {
    who: OWNER_OR_TEST_DEVELOPER,
    input: async (mode) => ({ reference: await walletPayment(mode), reason: "Role test" }),
  },
  "sandbox.ts#simulatePaymentAction": {
    who: TEST_TOOL,
    input: async (mode) => ({ target: "static_payid", id: await staticPayId(mode), amount: "1500", payerName: "Role Payer" }),
  },
  "static-accounts.ts#requestRefundAction": {
    who: OWNER_OR_TEST_DEVELOPER,
    input: async (mode) => ({ ...(await staticPayment(mode)), reason: "Role test" }),
  },
  "transfers.ts#resolveAccountAction": { who: OWNER_OR_TEST_DEVELOPER, input: async () => ({ accountNumber: "0123456789", bankCode: "058" }) },
  "transfers.ts#lookupPayIdAction": { who: OWNER_OR_TEST_DEVELOPER, input: async () => ({ payId: world.otherWalletPayId }) },
  "transfers.ts#quoteAction": { who: OWNER_OR_TEST_DEVELOPER, input: async () => ({ amount: 20_000, type: "bank_transfer" }) },
  "transfers.ts#sendMoneyAction": { who: OWNER_OR_TEST_DEVELOPER, input: async () => ({ transfer: transferBody() }) },
  "transfers.ts#verifyTransferAction": { who: EVERYONE, input: async (mode) => ({ reference: await sentTransfer(mode) }) },
  // Wallet settings and saved recipients: money settings, as moving money.
  "wallet.ts#updateWalletSettingsAction": { who: OWNER_OR_TEST_DEVELOPER, input: async () => ({ membersOnly: false, dailyLimit: "" }) },
  "wallet.ts#addWalletMemberAction": {
    who: OWNER_OR_TEST_DEVELOPER,
    input: async () => ({ payId: world.otherWalletPayId, label: "Role member", dailyLimit: "" }),
  },
  "wallet.ts#removeWalletMemberAction": {
    who: OWNER_OR_TEST_DEVELOPER,
    input: async (mode) => ({
      payId: (
        await asOwner<{ pay_id: string }>(mode, "wallet.ts#addWalletMemberAction", {
          payId: world.otherWalletPayId,
          label: "",
          dailyLimit: "",
        })
      ).pay_id,
    }),
  },

  // Owner only
  "settings.ts#setSettlementDestinationAction": { who: OWNER_ONLY, input: async () => ({ destination: "wallet" }) },
  "transfers.ts#setApprovalThresholdAction": { who: OWNER_ONLY, input: async () => ({ threshold: "" }) },
  "transfers.ts#decideTransferApprovalAction": { who: OWNER_ONLY, input: async (mode) => ({ id: await waitingApproval(mode), decision: "reject" }) },
  // Bulk transfers (issue 25): checking and submitting a file moves money; deciding a waiting batch is an owner's.
  "bulk-transfers.ts#checkBulkFileAction": { who: OWNER_OR_TEST_DEVELOPER, input: async () => ({ fileName: "role.csv", text: bulkFile() }) },
  "bulk-transfers.ts#submitBulkBatchAction": {
    who: OWNER_OR_TEST_DEVELOPER,
    input: async () => ({ fileName: "role.csv", text: bulkFile(), removedRows: [] }),
  },
  "bulk-transfers.ts#decideBulkBatchAction": { who: OWNER_ONLY, input: async (mode) => ({ id: await waitingBatch(mode), decision: "reject" }) },
  "payouts/actions.ts#savePayoutSettingsAction": {
    who: OWNER_ONLY,
    input: async () => ({ bankCode: "058", accountNumber: "0123456789", schedule: "manual", hour: 10, weekday: 1, reserve: "" }),
  },
  "settings.ts#saveBusinessProfileAction": {
    who: OWNER_ONLY,
    input: async () => ({ displayName: "Role Co", brandColour: "#123456", supportEmail: "", supportPhone: "" }),
  },
  // A 1×1 PNG.
  "settings.ts#uploadLogoAction": {
    who: OWNER_ONLY,
    input: async () => ({ base64: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==" }),
  },
  "settings.ts#removeLogoAction": { who: OWNER_ONLY, input: async () => undefined },
  "settings.ts#saveNotificationsAction": {
    who: OWNER_ONLY,
    input: async () => ({
      paymentReceived: true,
      paymentReceivedMin: "1,000",
      payoutFailed: false,
      refundDecided: true,
      webhookFailing: false,
      receipts: false,
    }),
  },
  "settings/team/actions.ts#inviteMemberAction": {
    who: OWNER_ONLY,
    input: async () => ({ email: `invitee-${randomBase62(8).toLowerCase()}@example.com`, role: "developer" }),
  },
  "settings/team/actions.ts#revokeInvitationAction": { who: OWNER_ONLY, input: async (mode) => ({ invitationId: await openInvitation(mode) }) },
  "settings/team/actions.ts#changeMemberRoleAction": { who: OWNER_ONLY, input: async () => ({ userId: await member("viewer"), role: "developer" }) },
  "settings/team/actions.ts#removeMemberAction": { who: OWNER_ONLY, input: async () => ({ userId: await member("viewer") }) },
  // Every member may leave (the last owner may not: a reason of the domain, tested in lib/team).
  "settings/team/actions.ts#leaveBusinessAction": { who: EVERYONE, input: async () => undefined, freshCaller: true },
  // Every member may change their own password (a fresh member: it ends that user's other sessions).
  "security.ts#changePasswordAction": {
    who: EVERYONE,
    input: async () => ({ currentPassword: "correct horse battery", newPassword: `new-${randomBase62(12)}` }),
    freshCaller: true,
  },
  // Every member may sign out their own sessions (on another device: one of the caller's own).
  "security.ts#signOutSessionAction": {
    who: EVERYONE,
    input: async (_mode, role) => ({
      sessionId: await startUserSession(await getDb(), { userId: world.userIds[role], sessionVersion: 0, userAgent: "Other device", ip: null }),
    }),
  },

  // Activation (supplement §13): owners only, in either mode. Last in the matrix: their fixture
  // puts the business back before activation (live locked), which no row after them expects.
  "activate/actions.ts#saveBusinessDetailsAction": {
    who: OWNER_ONLY,
    input: async () => (await notActivated(), { legalName: "Role Co Limited", rcNumber: "RC1234567", address: "1 Role Street, Lagos" }),
  },
  "activate/actions.ts#saveOwnerIdentityAction": {
    who: OWNER_ONLY,
    input: async () => (await notActivated(), { ownerName: "Ada Obi", identityType: "bvn", identityNumber: "22212345678" }),
  },
  "activate/actions.ts#resolvePayoutAccountAction": { who: OWNER_ONLY, input: async () => ({ bankCode: "058", accountNumber: "0123456789" }) },
  "activate/actions.ts#savePayoutAccountAction": {
    who: OWNER_ONLY,
    input: async () => (await notActivated(), { bankCode: "058", accountNumber: "0123456789" }),
  },
  "activate/actions.ts#submitActivationAction": { who: OWNER_ONLY, input: async () => (await notActivated({ complete: true }), {}) },
  // Activation documents (OWO_ACTIVATION_DOCUMENTS optional here): a 1×1 PNG as the owner's ID; removing one the owner attached.
  "activate/actions.ts#uploadActivationDocumentAction": {
    who: OWNER_ONLY,
    input: async () => (
      await documentsCollected(),
      {
        kind: "government_id",
        fileName: "id.png",
        contentType: "image/png",
        base64: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      }
    ),
  },
  "activate/actions.ts#removeActivationDocumentAction": { who: OWNER_ONLY, input: async () => ({ id: await documentsCollected({ attached: true }) }) },
};

/** The business before activation with documents collected (optional) and none attached; attached: one document, its id. */
async function documentsCollected(opts: { attached?: boolean } = {}): Promise<string> {
  vi.stubEnv("OWO_ACTIVATION_DOCUMENTS", "optional");
  await notActivated();
  const db = await getDb();
  await db.delete(activationDocuments).where(eq(activationDocuments.merchantId, world.merchantId));
  if (!opts.attached) return "";
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
  const doc = await uploadActivationDocument(db, {
    merchantId: world.merchantId,
    kind: "other",
    bytes: png,
    contentType: "image/png",
    fileName: "other.png",
    actor: CLI_ACTOR,
    setting: "optional",
  });
  return doc.id;
}

/** A refund the owner asked for on a wallet payment, waiting for its decision. */
async function openRefund(mode: Mode): Promise<string> {
  return (await asOwner<{ id: string }>(mode, "refunds.ts#requestPaymentRefundAction", { reference: await walletPayment(mode), reason: "Role test" })).id;
}

/** A transfer another member (the developer) asked for, waiting for approval. */
async function waitingApproval(mode: Mode): Promise<string> {
  const body = transferBody();
  const [row] = await (
    await getDb()
  )
    .insert(transferApprovals)
    .values({ merchantId: world.merchantId, mode, body, amount: body.amount, recipientName: body.account_name, requestedBy: world.userIds.developer })
    .returning();
  return row!.id;
}

/** A bulk file of one transfer, unique (its hash) per call. */
const bulkFile = () => `account_number,bank_code,amount,narration\n0123456789,058,200,role ${randomBase62(10)}\n`;

/** A bulk batch the developer uploaded, waiting for approval. */
async function waitingBatch(mode: Mode): Promise<string> {
  const [row] = await (
    await getDb()
  )
    .insert(bulkTransferBatches)
    .values({
      merchantId: world.merchantId,
      mode,
      fileName: "role.csv",
      fileHash: randomBase62(20),
      status: "awaiting_approval",
      rowCount: 1,
      totalAmount: 20_000,
      totalFees: 0,
      uploadedBy: world.userIds.developer,
    })
    .returning();
  return row!.id;
}

/** The business as a sign-up before activation, with a draft request (complete: every step done). */
async function notActivated(opts: { complete?: boolean } = {}): Promise<void> {
  const db = await getDb();
  await db.update(merchants).set({ activatedAt: null }).where(eq(merchants.id, world.merchantId));
  await db.delete(activationRequests).where(eq(activationRequests.merchantId, world.merchantId));
  const complete = opts.complete
    ? {
        legalName: "Role Co Limited",
        rcNumber: "RC1234567",
        address: "1 Role Street",
        ownerName: "Ada Obi",
        identityType: "bvn" as const,
        identityLast4: "5678",
        identityOutcome: "match" as const,
        payoutBankCode: "058",
        payoutAccountNumber: "0123456789",
        payoutAccountName: "ROLE CO",
        payoutVerifiedAt: new Date(),
      }
    : {};
  await db.insert(activationRequests).values({ merchantId: world.merchantId, ...complete });
}

/** What an allowed call may never answer: the role refusal, a crash, or a lost session. */
const NOT_A_DOMAIN_REASON = [FORBIDDEN_MESSAGE, "Something went wrong. Please try again.", "Please sign in again."];

beforeAll(async () => {
  const db = await getDb();
  const created = await makeMerchant({ type: "business" });
  await db.update(merchants).set({ staticAccounts: "enabled" }).where(eq(merchants.id, created.merchant.id));
  const userIds = { owner: created.owner.id } as Record<Role, string>;
  const other = await makeMerchant({ type: "business" });
  world = { merchantId: created.merchant.id, otherWalletPayId: `@${other.payIds.test}`, userIds };
  for (const role of ["developer", "viewer"] as const) userIds[role] = await member(role);
  // Money to send in both modes.
  const testWallet = (await getWalletPayId(db, { merchantId: world.merchantId, mode: "test" }))!;
  await fundWallet(db, { walletPayIdId: testWallet.id, amount: 50_000_000_000, merchantId: world.merchantId });
  await fundLiveWallet(world.merchantId, 50_000_000_000);
  ({ workAsyncStorage } = await import("next/dist/server/app-render/work-async-storage.external"));
  actions = await exportedActions();
});

describe("role enforcement on every dashboard server action", () => {
  it("every exported dashboard action has a row in the role matrix (a new action without one fails here)", () => {
    const exported = Object.keys(actions).sort();
    expect(exported.length).toBeGreaterThan(20);
    expect(
      exported.filter((k) => !MATRIX[k]),
      "exported actions missing from MATRIX",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((k) => !actions[k]),
      "MATRIX rows with no exported action",
    ).toEqual([]);
  });

  const cases = Object.entries(MATRIX).flatMap(([key, entry]) =>
    ROLES.flatMap((role) => (["test", "live"] as const).map((mode) => ({ key, entry, role, mode, allowed: entry.who[role].includes(mode) }))),
  );

  it.each(cases.map((c) => [`${c.key}: ${c.role} in ${c.mode} mode is ${c.allowed ? "allowed" : "refused, and nothing changes"}`, c] as const))(
    "%s",
    async (_name, c) => {
      const input = await c.entry.input(c.mode, c.role);
      const caller = c.entry.freshCaller ? await member(c.role) : undefined;
      await afterCommitDeliveriesSettled();
      const before = await snapshot([world.merchantId]);

      if (c.entry.plain) {
        // signOutAction ends the caller's own session (Auth.js answers with a redirect): no business data, no rule.
        const outcome = await callAs(c.role, c.mode, act(c.key), input).then(
          () => "returned without a redirect",
          (err: unknown) => String((err as { digest?: string }).digest ?? err),
        );
        expect(outcome).toMatch(/^NEXT_REDIRECT;.*\/sign-in;/);
        expect(snapshotDiff(before, await snapshot([world.merchantId]))).toEqual([]);
        return;
      }

      const result = await callAs(c.role, c.mode, act(c.key), input, caller);
      await afterCommitDeliveriesSettled();
      expect(result.validationErrors, "the test's input is valid").toBeUndefined();
      if (c.allowed) {
        // Every fixture above is one the action accepts: an allowed role's call succeeds.
        expect(NOT_A_DOMAIN_REASON, "allowed roles get past the rule").not.toContain(result.serverError);
        expect(result.serverError, "allowed, and the action succeeded").toBeUndefined();
        return;
      }
      expect(result.serverError).toBe(FORBIDDEN_MESSAGE);
      expect(result.data).toBeUndefined();
      expect(snapshotDiff(before, await snapshot([world.merchantId])), "the business's rows are unchanged").toEqual([]);
    },
  );
});
