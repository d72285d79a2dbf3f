import { afterAll, describe, expect, it } from "vitest";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { transferCharges } from "@/lib/fees/transfer-fees";
import { decidedBankTransfer, fundedKey, transferRow, verifyTransfer } from "@/tests/transfers";
import { getDb } from "@/db/client";
import { getTransferTrail } from "./transfer-trail";
import { transferWalletMoves } from "./transfer-wallet-moves";

afterAll(() => afterCommitDeliveriesSettled());

const AMOUNT = 1_000_000;
const CHARGES = transferCharges({ amount: AMOUNT, type: "bank_transfer" });

/** A failed transfer's page says the money came back (issue 26), from the ledger: what the wallet lost and got back. */
describe("transferWalletMoves", () => {
  it("a failed transfer: the whole debit (amount and charges) came back to the wallet, with when", async () => {
    const key = await fundedKey(10 * CHARGES.total);
    const t = await decidedBankTransfer(key, "failed", { body: { amount: AMOUNT }, reason: "Beneficiary account closed" });
    expect((await verifyTransfer(key, t.reference)).body.data!.status).toBe("failed");
    const row = await transferRow(t.reference);
    const moves = transferWalletMoves(row, (await getTransferTrail(await getDb(), row)).ledger);
    expect(moves).toMatchObject({ debited: CHARGES.total, returned: CHARGES.total });
    expect(moves.returnedAt).toBeInstanceOf(Date);
  });

  it("a completed transfer: debited, nothing returned", async () => {
    const key = await fundedKey(10 * CHARGES.total);
    const t = await decidedBankTransfer(key, "completed", { body: { amount: AMOUNT } });
    expect((await verifyTransfer(key, t.reference)).body.data!.status).toBe("completed");
    const row = await transferRow(t.reference);
    expect(transferWalletMoves(row, (await getTransferTrail(await getDb(), row)).ledger)).toEqual({ debited: CHARGES.total, returned: 0, returnedAt: null });
  });
});
