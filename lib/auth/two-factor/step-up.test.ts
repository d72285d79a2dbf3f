import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { isAppError } from "@/lib/errors";
import { makeMerchant } from "@/tests/factories";
import { confirmTwoFactorEnrolment, startTwoFactorEnrolment } from "./enrolment";
import { needsStepUp, requireStepUp } from "./step-up";
import { totpCode } from "./totp";

/*
 * The second factor asked again when money leaves from the dashboard (issue 25 item 3): a
 * member with two-factor on must give a current code (once) or a recovery code (used up);
 * without it, or with a wrong one, the send is refused. Real Postgres and real TOTP codes.
 */
const PASSWORD = "correct horse battery";
const STEP_MS = 30_000;
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => "allowed",
    (e: unknown) => (isAppError(e) ? `${e.status} ${e.message}` : `threw ${String(e)}`),
  );

async function enrolled() {
  const { owner } = await makeMerchant();
  const db = await getDb();
  const started = await startTwoFactorEnrolment(db, { userId: owner.id });
  const at = Date.now();
  const { recoveryCodes } = await confirmTwoFactorEnrolment(
    db,
    { userId: owner.id, password: PASSWORD, code: totpCode(started.secret, at), actor: { type: "user", userId: owner.id, ip: null, userAgent: "vitest" } },
    at,
  );
  return { userId: owner.id, secret: started.secret, recoveryCodes, at };
}

describe("step-up at send time", () => {
  it("a member without two-factor passes with no code", async () => {
    const { owner } = await makeMerchant();
    const db = await getDb();
    expect(await needsStepUp(db, owner.id)).toBe(false);
    expect(await outcome(requireStepUp(db, owner.id, undefined))).toBe("allowed");
  });

  it("with two-factor on: no code and a wrong code are refused; a current code passes once; a recovery code passes once", async () => {
    const u = await enrolled();
    const db = await getDb();
    expect(await needsStepUp(db, u.userId)).toBe(true);
    const later = u.at + STEP_MS;
    expect(await outcome(requireStepUp(db, u.userId, undefined, later))).toMatch(/^403 Enter the code/);
    expect(await outcome(requireStepUp(db, u.userId, "000000", later))).toMatch(/^403 That code is not right/);
    const code = totpCode(u.secret, later);
    expect(await outcome(requireStepUp(db, u.userId, code, later))).toBe("allowed");
    // The same code again (a replayed request) is refused.
    expect(await outcome(requireStepUp(db, u.userId, code, later))).toMatch(/^403 That code is not right/);
    const recovery = u.recoveryCodes[0]!;
    expect(await outcome(requireStepUp(db, u.userId, recovery, later))).toBe("allowed");
    expect(await outcome(requireStepUp(db, u.userId, recovery, later))).toMatch(/^403/);
  });
});
