import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { settlementSettings, type Mode } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { railFor } from "@/lib/rails/router";
import { findBank } from "@/lib/bank/nigerian-banks";
import { validationError } from "@/lib/errors";
import { getPayIdById, getWalletPayId } from "@/lib/payids/find-pay-id";

/**
 * Where a merchant's static-account money goes at payout, per mode: its wallet (the default,
 * with no row stored) or a bank account checked by name enquiry when it is set.
 */
export type SettlementSettings =
  | { destination: "wallet"; walletPayIdId: string | null; walletPayId: string | null }
  | { destination: "bank_account"; bankCode: string; bankName: string | null; accountNumber: string; accountName: string };

export type SettlementSettingsRow = typeof settlementSettings.$inferSelect;

/** The stored row, or null (the default: the merchant's wallet). */
export async function findSettlementSettings(tx: DbOrTx, input: { merchantId: string; mode: Mode }): Promise<SettlementSettingsRow | null> {
  const [row] = await tx
    .select()
    .from(settlementSettings)
    .where(and(eq(settlementSettings.merchantId, input.merchantId), eq(settlementSettings.mode, input.mode)))
    .limit(1);
  return row ?? null;
}

/** The destination the next payout goes to. */
export async function getSettlementSettings(tx: DbOrTx, input: { merchantId: string; mode: Mode }): Promise<SettlementSettings> {
  const row = await findSettlementSettings(tx, input);
  if (row?.destination === "bank_account" && row.bankCode && row.accountNumber) {
    return {
      destination: "bank_account",
      bankCode: row.bankCode,
      bankName: findBank(row.bankCode)?.bankName ?? null,
      accountNumber: row.accountNumber,
      accountName: row.accountName ?? "",
    };
  }
  const chosen = row?.walletPayIdId ? await getPayIdById(tx, row.walletPayIdId) : null;
  const wallet = chosen ?? (await getWalletPayId(tx, input));
  return { destination: "wallet", walletPayIdId: wallet?.id ?? null, walletPayId: wallet?.payId ?? null };
}

export type SetSettlementSettingsInput = {
  merchantId: string;
  mode: Mode;
  destination: "wallet" | "bank_account";
  bankCode?: string | null;
  accountNumber?: string | null;
  /** Recorded in the audit log when given (the dashboard passes the signed-in user). */
  actor?: Actor;
};

/**
 * Sets the destination. A bank account needs a known bank code and a 10-digit account number,
 * and must pass name enquiry at the bank port (ACCOUNT_NOT_FOUND otherwise); the name the
 * bank answers is stored. Applies to batches paid from now on (a payout already sent stays).
 */
export async function setSettlementSettings(tx: DbOrTx, input: SetSettlementSettingsInput): Promise<SettlementSettings> {
  const before = await getSettlementSettings(tx, input);
  let values: {
    destination: "wallet" | "bank_account";
    walletPayIdId: string | null;
    bankCode: string | null;
    accountNumber: string | null;
    accountName: string | null;
  };
  if (input.destination === "bank_account") {
    const bankCode = input.bankCode?.trim() ?? "";
    const accountNumber = input.accountNumber?.trim() ?? "";
    const problems: string[] = [];
    if (!bankCode) problems.push("bank_code is required");
    else if (!findBank(bankCode)) problems.push(`bank_code ${bankCode} is not a known bank code`);
    if (!/^\d{10}$/.test(accountNumber)) problems.push("account_number must be 10 digits");
    if (problems.length) throw validationError(problems);
    const resolved = await railFor(input.mode, "nameEnquiry").resolveAccount({ accountNumber, bankCode });
    values = { destination: "bank_account", walletPayIdId: null, bankCode, accountNumber, accountName: resolved.account_name };
  } else if (input.destination === "wallet") {
    const wallet = await getWalletPayId(tx, input);
    values = { destination: "wallet", walletPayIdId: wallet?.id ?? null, bankCode: null, accountNumber: null, accountName: null };
  } else {
    throw validationError(["destination must be one of wallet, bank_account"]);
  }
  await tx
    .insert(settlementSettings)
    .values({ merchantId: input.merchantId, mode: input.mode, ...values })
    .onConflictDoUpdate({ target: [settlementSettings.merchantId, settlementSettings.mode], set: { ...values, updatedAt: sql`now()` } });
  const after = await getSettlementSettings(tx, input);
  if (input.actor) {
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "settlement_settings.update",
      targetType: "settlement_settings",
      targetId: input.mode,
      changes: { destination: { from: describe(before), to: describe(after) } },
    });
  }
  return after;
}

const describe = (s: SettlementSettings) =>
  s.destination === "wallet" ? `wallet @${s.walletPayId ?? "?"}` : `bank_account ${s.bankCode} ••••${s.accountNumber.slice(-4)} ${s.accountName}`;
