import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import type { Mode } from "@/db/schema";
import { lagosDayStart } from "@/lib/lagos-day";
import { findAccount, walletAccountCode } from "@/lib/ledger/accounts";
import { accountStatement, countAccountStatement, type StatementLine } from "@/lib/ledger/statement";
import { flattenSearch, paged, pageOffset, type Paged, type PageRequest } from "@/lib/lists/paging";
import { getWalletPayId } from "@/lib/payids/find-pay-id";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)));

/**
 * The Balance page's statement query, from URL search params: inclusive Lagos days `from` and
 * `to` and the page. Each field falls back on its own, so one bad value in a shared link drops
 * that filter only.
 */
export const WalletStatementQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(25),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
});
export type WalletStatementQuery = z.output<typeof WalletStatementQuery>;

export function parseWalletStatementSearch(search: Record<string, string | string[] | undefined>): WalletStatementQuery {
  return WalletStatementQuery.parse(flattenSearch(search));
}

type Scope = { merchantId: string; mode: Mode; from?: string; to?: string };

/**
 * The wallet's statement lines in the merchant's mode, newest first, each with the balance
 * right after it; only those made on the Lagos days `from` to `to` when given. Pages by number,
 * or (an export's walk) by `starting_after`: a line's posting id.
 */
export async function listWalletStatement(tx: DbOrTx, input: Scope & PageRequest): Promise<Paged<StatementLine>> {
  const wallet = await getWalletPayId(tx, input);
  const account = wallet && (await findAccount(tx, walletAccountCode(wallet.id)));
  if (!account) return paged([], 0, input);
  const range = {
    accountId: account.id,
    from: input.from ? lagosDayStart(input.from) : undefined,
    to: input.to ? lagosDayStart(input.to, 1) : undefined,
  };
  if (input.starting_after !== undefined) {
    const before = Number(input.starting_after);
    const items = Number.isSafeInteger(before) ? await accountStatement(tx, { ...range, before, limit: input.page_size + 1 }) : [];
    return { ...paged(items.slice(0, input.page_size), 0, { page: 0, page_size: input.page_size }), has_more: items.length > input.page_size };
  }
  const [items, total] = await Promise.all([
    accountStatement(tx, { ...range, limit: input.page_size, offset: pageOffset(input) }),
    countAccountStatement(tx, range),
  ]);
  return paged(items, total, input);
}
