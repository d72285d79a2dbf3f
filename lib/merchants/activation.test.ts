import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as banksGet } from "@/app/v1/checkout/transfer/banks/route";
import { getDb, type Db } from "@/db/client";
import { activationRequests, auditLog, memberships, merchants, users } from "@/db/schema";
import { CLI_ACTOR, type Actor } from "@/lib/audit/record-audit";
import { COMMANDS } from "@/lib/cli/commands";
import { isAppError } from "@/lib/errors";
import { createKeyPair } from "@/lib/keys/create-key-pair";
import { randomBase62 } from "@/lib/ids";
import { makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import { startSmtpCapture } from "@/tests/smtp-capture";
import { activateMerchant, activationState, reviewActivation, saveBusinessDetails, saveOwnerIdentity, savePayoutAccount, submitActivation } from "./activation";
import { signUp } from "./sign-up";

/*
 * Activation (supplement §13): a merchant who signs up works in test mode at once; its live keys
 * answer 403 ACCOUNT_NOT_ACTIVATED until an admin approves its request (business details, the
 * owner's name checked against BVN/NIN through the rail, a payout account verified by name
 * enquiry). Operator-made merchants are active at once; OWO_ACTIVATION=auto approves on
 * submission; `owo merchant activate` approves from the command line. Decisions are audited and
 * emailed. Real Postgres, the sandbox rail (OWO_RAILS=sandbox) and a real SMTP listener.
 */

let db: Db;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const saved = { OWO_ACTIVATION: process.env.OWO_ACTIVATION, SMTP_URL: process.env.SMTP_URL };
beforeAll(async () => {
  db = await getDb();
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
});
afterAll(() => smtp.close());
afterEach(() => {
  delete process.env.OWO_ACTIVATION;
  if (saved.OWO_ACTIVATION !== undefined) process.env.OWO_ACTIVATION = saved.OWO_ACTIVATION;
});

const user: Actor = { type: "user", ip: "198.51.100.7", userAgent: "vitest activation" };
const admin: Actor = { type: "admin", ip: "198.51.100.8", userAgent: "vitest activation" };
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: unknown) => (isAppError(e) ? `${e.status} ${e.code}` : `threw ${String(e)}`),
  );

/** A business that signed up (not activated), with its owner's email and a live and a test key. */
async function signedUp(type: "business" | "personal" = "business") {
  const email = `act-${randomBase62(8).toLowerCase()}@example.com`;
  const businessName = `Activation Co ${randomBase62(6)}`;
  const r = await signUp(db, {
    type,
    businessName,
    name: "Ada Obi",
    email,
    password: "a-strong-password",
    actor: user,
    ip: `203.0.113.${randomBase62(5)}`,
    baseUrl: null,
  });
  expect(r.created).toBe(true);
  const [m] = await db.select().from(merchants).where(eq(merchants.name, businessName));
  const live = await createKeyPair(db, { merchantId: m!.id, mode: "live", actor: CLI_ACTOR, config: {} });
  const test = await createKeyPair(db, { merchantId: m!.id, mode: "test", actor: CLI_ACTOR, config: {} });
  return { merchantId: m!.id, email, liveKey: live.secretKey, testKey: test.secretKey };
}

const banks = (key: string) => call(banksGet, { path: "/v1/checkout/transfer/banks", key });

async function completeRequest(merchantId: string) {
  await saveBusinessDetails(db, { merchantId, actor: user, legalName: "Activation Company Limited", rcNumber: "rc 1234567", address: "12 Marina, Lagos" });
  await saveOwnerIdentity(db, { merchantId, actor: user, ownerName: "Ada Obi", identityType: "bvn", identityNumber: "22212345678" });
  await savePayoutAccount(db, { merchantId, actor: user, bankCode: "058", accountNumber: "0123456789" });
}

describe("live mode is locked until activation", () => {
  it("a sign-up's live key answers 403 ACCOUNT_NOT_ACTIVATED while its test key works", async () => {
    const m = await signedUp();
    const live = await banks(m.liveKey);
    expect(live.status).toBe(403);
    expect(live.body.error).toMatchObject({ code: "ACCOUNT_NOT_ACTIVATED" });
    expect((await banks(m.testKey)).status).toBe(200);
  });

  it("an operator-made merchant (the CLI, the factories) is active at once: its live key works", async () => {
    const made = await COMMANDS["merchant create"]!.run(["--name", `Operator Co ${randomBase62(5)}`, "--type", "business"]);
    const [m] = await db
      .select()
      .from(merchants)
      .where(eq(merchants.id, String(made.id)));
    expect(m!.activatedAt).not.toBeNull();
    const key = await createKeyPair(db, { merchantId: m!.id, mode: "live", actor: CLI_ACTOR, config: {} });
    expect((await banks(key.secretKey)).status).toBe(200);
    expect((await makeMerchant()).merchant.activatedAt).not.toBeNull();
  });
});

describe("the request, its review and the decision", () => {
  it("is submitted only when every step is done; approval opens live mode at once, is audited and emailed to the owner", async () => {
    const m = await signedUp();
    expect(await refusal(submitActivation(db, { merchantId: m.merchantId, actor: user }))).toBe("400 HTTP_ERROR");
    await completeRequest(m.merchantId);
    const state = await activationState(db, m.merchantId);
    expect(state.done).toEqual({ business: true, identity: true, payout: true });
    // The BVN is never stored: only its last four digits and the registry's answer.
    expect(state.request).toMatchObject({ rcNumber: "RC1234567", identityLast4: "5678", identityOutcome: "match", payoutAccountNumber: "0123456789" });
    expect(JSON.stringify(state.request)).not.toContain("22212345678");
    expect(state.request!.payoutAccountName).toBeTruthy();

    expect((await submitActivation(db, { merchantId: m.merchantId, actor: user })).request!.status).toBe("submitted");
    // While it waits the owner cannot change it, and live stays locked.
    expect(
      await refusal(
        saveBusinessDetails(db, {
          merchantId: m.merchantId,
          actor: user,
          legalName: "Other Name Ltd",
          rcNumber: "RC7654321",
          address: "9 Other Street, Lagos",
        }),
      ),
    ).toBe("400 INVALID_STATE");
    expect((await banks(m.liveKey)).status).toBe(403);

    const approved = await reviewActivation(db, { merchantId: m.merchantId, decision: "approve", actor: admin });
    expect(approved.activatedAt).not.toBeNull();
    expect((await banks(m.liveKey)).status).toBe(200);
    // Decided once: a second decision (a second admin) is refused.
    expect(await refusal(reviewActivation(db, { merchantId: m.merchantId, decision: "reject", note: "too late now", actor: admin }))).toBe("400 INVALID_STATE");

    const audited = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, m.merchantId)));
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(["activation.submitted", "activation.approved"]));
    const mail = await smtp.waitFor((x) => x.to.includes(m.email) && /activated/.test(x.subject));
    expect(mail.text).toMatch(/Live mode is open/);
  });

  it("asking for changes sends it back to the owner with the note; declining needs a reason and keeps live locked", async () => {
    const m = await signedUp();
    await completeRequest(m.merchantId);
    await submitActivation(db, { merchantId: m.merchantId, actor: user });
    expect(await refusal(reviewActivation(db, { merchantId: m.merchantId, decision: "request_changes", note: "", actor: admin }))).toBe("400 HTTP_ERROR");
    const back = await reviewActivation(db, {
      merchantId: m.merchantId,
      decision: "request_changes",
      note: "The address must be the registered office",
      actor: admin,
    });
    expect(back.request).toMatchObject({ status: "changes_requested", reviewNote: "The address must be the registered office" });
    expect(back.editable).toBe(true);
    await smtp.waitFor((x) => x.to.includes(m.email) && /needs changes/.test(x.subject) && x.text.includes("registered office"));

    await saveBusinessDetails(db, {
      merchantId: m.merchantId,
      actor: user,
      legalName: "Activation Company Limited",
      rcNumber: "RC1234567",
      address: "1 Registered Office Road, Lagos",
    });
    await submitActivation(db, { merchantId: m.merchantId, actor: user });
    const declined = await reviewActivation(db, { merchantId: m.merchantId, decision: "reject", note: "We cannot verify this business", actor: admin });
    expect(declined.request!.status).toBe("rejected");
    expect(declined.editable).toBe(false);
    expect((await banks(m.liveKey)).status).toBe(403);
    await smtp.waitFor((x) => x.to.includes(m.email) && /declined/.test(x.subject) && x.text.includes("We cannot verify this business"));
  });

  it("a name that does not match the BVN record is refused and recorded; the step is not done", async () => {
    const m = await signedUp();
    // The sandbox registry answers a mismatch for numbers ending 0000 (supplement §5).
    expect(
      await refusal(saveOwnerIdentity(db, { merchantId: m.merchantId, actor: user, ownerName: "Ada Obi", identityType: "nin", identityNumber: "12345670000" })),
    ).toBe("400 IDENTITY_MISMATCH");
    const state = await activationState(db, m.merchantId);
    expect(state.request).toMatchObject({ identityOutcome: "mismatch", identityType: "nin", identityLast4: "0000" });
    expect(state.done.identity).toBe(false);
  });

  it("a payout account the bank does not know is refused (name enquiry), nothing saved", async () => {
    const m = await signedUp();
    expect(await refusal(savePayoutAccount(db, { merchantId: m.merchantId, actor: user, bankCode: "058", accountNumber: "0000000000" }))).toBe(
      "400 ACCOUNT_NOT_FOUND",
    );
    expect((await activationState(db, m.merchantId)).done.payout).toBe(false);
  });

  it("a registered business must give its RC number; a personal account need not", async () => {
    const b = await signedUp("business");
    expect(await refusal(saveBusinessDetails(db, { merchantId: b.merchantId, actor: user, legalName: "No RC Ltd", address: "2 Broad Street, Lagos" }))).toBe(
      "400 HTTP_ERROR",
    );
    const p = await signedUp("personal");
    const s = await saveBusinessDetails(db, { merchantId: p.merchantId, actor: user, legalName: "Ada Obi", address: "2 Broad Street, Lagos" });
    expect(s.done.business).toBe(true);
  });
});

describe("operator shortcuts", () => {
  it("OWO_ACTIVATION=auto approves a complete request on submission", async () => {
    process.env.OWO_ACTIVATION = "auto";
    const m = await signedUp();
    await completeRequest(m.merchantId);
    const state = await submitActivation(db, { merchantId: m.merchantId, actor: user });
    expect(state.activatedAt).not.toBeNull();
    expect(state.request!.status).toBe("approved");
    expect((await banks(m.liveKey)).status).toBe(200);
  });

  it("`owo merchant activate --merchant ID` opens live mode with no request, once (a repeat changes nothing)", async () => {
    const m = await signedUp();
    const first = await COMMANDS["merchant activate"]!.run(["--merchant", m.merchantId]);
    expect(first).toMatchObject({ id: m.merchantId, activated: true, changed: true });
    expect((await banks(m.liveKey)).status).toBe(200);
    const again = await COMMANDS["merchant activate"]!.run(["--merchant", m.merchantId]);
    expect(again).toMatchObject({ changed: false });
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, m.merchantId), eq(auditLog.action, "activation.approved")));
    expect(audited).toHaveLength(1);
    expect(await refusal(activateMerchant(db, { merchantId: "not-a-uuid", actor: CLI_ACTOR }))).toBe("404 NOT_FOUND");
  });

  it("merchants made before activation existed stay active (the migration's backfill)", async () => {
    // Every merchant the seed and the factories made is active; none is left null but sign-ups.
    const rows = await db
      .select({ activatedAt: merchants.activatedAt, hasRequest: activationRequests.merchantId, email: users.email })
      .from(merchants)
      .innerJoin(memberships, eq(memberships.merchantId, merchants.id))
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(activationRequests, eq(activationRequests.merchantId, merchants.id))
      .where(eq(users.email, "demo@owo.test"));
    for (const r of rows) expect(r.activatedAt).not.toBeNull();
  });
});
