// POST /v1/checkout/transfer, both kinds, a new reference per request (so every request is
// a real transfer, never an idempotent replay), ₦100 each.
import type { Scenario, ScenarioContext, Target } from "./scenario";

const AMOUNT = 10_000;

/** PayID transfers have issue 17's goal (≥ 65% of the one-statement floor at 10 connections); bank transfers are shown beside them. */
function transferTarget(
  ctx: ScenarioContext,
  label: string,
  fields: Record<string, unknown>,
  goal?: Pick<Target, "goalId" | "target" | "targetAgainstStrict" | "targetConnections" | "profile">,
): Target {
  let n = 0;
  return {
    label,
    floor: "write",
    strictFloor: "write_statement",
    ...goal,
    request: {
      method: "POST",
      path: "/v1/checkout/transfer",
      headers: { "x-api-key": ctx.fixtures.secretKey },
      body: () => ({ ...fields, amount: AMOUNT, reference: `${ctx.runTag}-${label.replace(/\W+/g, "-")}-${++n}` }),
    },
  };
}

export const transfers: Scenario = {
  name: "transfers",
  description:
    "POST /v1/checkout/transfer with a unique reference each time: `payid` (wallet to wallet, completed at once) and `bank_transfer` (debit, then the sandbox bank call)",
  targets: (ctx) => [
    transferTarget(
      ctx,
      "transfer payid",
      { type: "payid", pay_id: ctx.fixtures.recipientPayId },
      { goalId: "payid-transfer", target: 0.65, targetAgainstStrict: true, targetConnections: 10, profile: true },
    ),
    transferTarget(ctx, "transfer bank_transfer", {
      type: "bank_transfer",
      account_number: "0123456789",
      bank_code: "058",
      account_name: "ADA OBI",
    }),
  ],
};
