"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction } from "@/lib/admin/admin-action";
import { formatNaira } from "@/lib/money";
import { assignSuspense, returnSuspense } from "@/lib/rail-inbound/suspense";

/*
 * /admin/rails: money a rail received for no known account (suspense), assigned to a merchant
 * or returned to the payer. Admins only (adminAction); each command is audited and moves a
 * suspense item once (a second click finds it no longer open).
 */

const SuspenseId = z.string().trim().uuid();
const Note = z.string().trim().max(500).optional();

export const assignSuspenseAction = adminAction
  .inputSchema(z.object({ id: SuspenseId, merchantId: z.string().trim().uuid("Enter the merchant's id (from Merchants)"), note: Note }))
  .action(async ({ parsedInput, ctx }) => {
    const row = await assignSuspense(ctx.db, { id: parsedInput.id, merchantId: parsedInput.merchantId, note: parsedInput.note || null, actor: ctx.actor });
    revalidatePath("/admin/rails");
    return { message: `${formatNaira(row.amount)} booked to the merchant's live wallet` };
  });

export const returnSuspenseAction = adminAction
  .inputSchema(
    z.object({
      id: SuspenseId,
      bankCode: z.string().trim().min(3).max(10),
      accountNumber: z.string().trim().regex(/^\d{10}$/, "The account number is 10 digits"),
      accountName: z.string().trim().min(1, "Enter the account name").max(200),
      note: Note,
    }),
  )
  .action(async ({ parsedInput, ctx }) => {
    const row = await returnSuspense(ctx.db, { ...parsedInput, note: parsedInput.note || null, actor: ctx.actor });
    revalidatePath("/admin/rails");
    return { message: `${formatNaira(row.amount)} sent back to the payer (${row.returnReference})` };
  });
