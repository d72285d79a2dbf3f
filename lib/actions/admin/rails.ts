"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction } from "@/lib/actions/safe-action";
import { searchMerchants } from "@/lib/admin/search-merchants";
import { ReturnAccountFields } from "@/lib/bank/return-account";
import { formatNaira } from "@/lib/money";
import { assignSuspense, returnSuspense } from "@/lib/rail-inbound/suspense";

/*
 * /admin/rails: money a rail received for no known account (suspense), assigned to a merchant
 * or returned to the payer. Admins only (adminAction, checked fresh on the server); each
 * command is audited and moves a suspense item once (a second click, or a second admin, finds
 * it no longer open: "This money was already …").
 */

const SuspenseId = z.string().trim().uuid("No such suspense item.");
const Note = z.string().trim().max(500, "A note is at most 500 characters").optional();

/** The merchants an admin may assign money to, found as the Merchants list finds them (name, member email or the whole id). */
export const findSuspenseMerchantsAction = adminAction
  .inputSchema(z.object({ q: z.string().trim().min(2, "Type at least 2 characters").max(200) }))
  .action(async ({ parsedInput, ctx }) => {
    const found = await searchMerchants(ctx.db, { q: parsedInput.q, pageSize: 8 });
    return {
      total: found.total,
      merchants: found.items.map((m) => ({ id: m.id, name: m.name, type: m.type, ownerEmail: m.ownerEmail, suspended: m.suspendedAt !== null })),
    };
  });

export const assignSuspenseAction = adminAction
  .inputSchema(z.object({ id: SuspenseId, merchantId: z.string().trim().uuid("Choose a merchant"), note: Note }))
  .action(async ({ parsedInput, ctx }) => {
    const row = await assignSuspense(ctx.db, { id: parsedInput.id, merchantId: parsedInput.merchantId, note: parsedInput.note || null, actor: ctx.actor });
    revalidatePath("/admin/rails");
    return {
      status: row.status,
      message: `${formatNaira(row.amount)} booked to the merchant's live wallet${row.paymentReference ? ` (${row.paymentReference})` : ""}`,
    };
  });

export const returnSuspenseAction = adminAction
  .inputSchema(
    z.object({
      id: SuspenseId,
      ...ReturnAccountFields,
      note: Note,
    }),
  )
  .action(async ({ parsedInput, ctx }) => {
    const row = await returnSuspense(ctx.db, { ...parsedInput, note: parsedInput.note || null, actor: ctx.actor });
    revalidatePath("/admin/rails");
    return {
      status: row.status,
      message: `${formatNaira(row.amount)} sent back to ${parsedInput.accountName}${row.returnReference ? ` (${row.returnReference})` : ""}`,
    };
  });
