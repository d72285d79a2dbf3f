"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { Db } from "@/db/client";
import { merchantAction, type MerchantScope } from "@/lib/actions/safe-action";
import { walletNotLinked } from "@/lib/errors";
import { nairaFieldMessages, optionalNairaTextSchema } from "@/lib/money";
import { DAILY_LIMIT_FIELD } from "@/lib/wallets/daily-limit-field";
import { parseOrThrow } from "@/lib/validation";
import { AddMemberBody, UpdateWalletBody } from "@/lib/wallets/wallet-input";
import { addMember, removeMember } from "@/lib/wallets/wallet-members";
import { dashboardWalletScope } from "@/lib/wallets/wallet-scope";
import { updateWallet, type WalletScope } from "@/lib/wallets/wallet-settings";

async function walletScopeOf(db: Db, scope: MerchantScope): Promise<WalletScope> {
  const wallet = await dashboardWalletScope(db, scope);
  if (!wallet) throw walletNotLinked();
  return wallet;
}

/** "" is no limit; otherwise naira as typed ("50,000" or "50000.50"), in exact kobo: the form's own rules and words. */
const nairaLimit = optionalNairaTextSchema({
  maxLength: 20,
  minKobo: DAILY_LIMIT_FIELD.minKobo,
  maxKobo: DAILY_LIMIT_FIELD.maxKobo,
  messages: nairaFieldMessages(DAILY_LIMIT_FIELD),
});

const done = () => revalidatePath("/dashboard/transfers", "layout");

/** Wallet settings: members only and the daily limit. Money settings: owners; developers in test mode only. */
export const updateWalletSettingsAction = merchantAction("moveMoney")
  .inputSchema(z.object({ membersOnly: z.boolean(), dailyLimit: nairaLimit }))
  .action(async ({ parsedInput, ctx }) => {
    const body = parseOrThrow(UpdateWalletBody, { members_only: parsedInput.membersOnly, daily_limit: parsedInput.dailyLimit });
    const scope = await walletScopeOf(ctx.db, ctx.scope);
    const wallet = await updateWallet(ctx.db, scope, body, ctx.actor);
    done();
    return wallet;
  });

/** Adds a saved recipient (a member of the wallet). */
export const addWalletMemberAction = merchantAction("moveMoney")
  .inputSchema(z.object({ payId: z.string().trim().min(1).max(80), label: z.string().trim().max(100), dailyLimit: nairaLimit }))
  .action(async ({ parsedInput, ctx }) => {
    const body = parseOrThrow(AddMemberBody, { pay_id: parsedInput.payId, label: parsedInput.label || null, daily_limit: parsedInput.dailyLimit });
    const scope = await walletScopeOf(ctx.db, ctx.scope);
    const member = await addMember(ctx.db, scope, body, ctx.actor);
    done();
    return member;
  });

export const removeWalletMemberAction = merchantAction("moveMoney")
  .inputSchema(z.object({ payId: z.string().trim().min(1).max(80) }))
  .action(async ({ parsedInput, ctx }) => {
    const scope = await walletScopeOf(ctx.db, ctx.scope);
    const result = await removeMember(ctx.db, scope, parsedInput.payId, ctx.actor);
    done();
    return result;
  });
