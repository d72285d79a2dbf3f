import type { Transfer } from "@/db/schema";
import { walletAccountCode } from "@/lib/ledger/accounts";
import type { TrailLine } from "@/lib/ledger/record-trail";

export type TransferWalletMoves = { debited: number; returned: number; returnedAt: Date | null };

/**
 * What a transfer took from the sending wallet and what came back to it, read from its ledger
 * trail (`getTransferTrail`): the debit, and the `transfer_reversed` entries a failed or
 * reversed transfer books (lib/transfers/finalize-transfer.ts). Only the wallet's own postings
 * count; the platform's accounts stay off merchant pages.
 */
export function transferWalletMoves(transfer: Pick<Transfer, "walletPayIdId">, ledger: TrailLine[]): TransferWalletMoves {
  const wallet = walletAccountCode(transfer.walletPayIdId);
  const mine = ledger.filter((l) => l.account === wallet);
  const debited = -mine.filter((l) => l.kind !== "transfer_reversed" && l.amount < 0).reduce((s, l) => s + l.amount, 0);
  const back = mine.filter((l) => l.kind === "transfer_reversed" && l.amount > 0);
  const returned = back.reduce((s, l) => s + l.amount, 0);
  return { debited, returned, returnedAt: back.length ? back[back.length - 1]!.createdAt : null };
}
