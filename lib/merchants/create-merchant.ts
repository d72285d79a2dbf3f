import { z } from "zod";
import type { Db } from "@/db/client";
import { MERCHANT_TYPES, STATIC_ACCOUNT_STATES, memberships, merchants, payIds, type Merchant, type User } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { generatePassword } from "@/lib/users/password";
import { randomBase62 } from "@/lib/ids";
import { insertUser } from "@/lib/users/create-user";
import { Email, Password } from "@/lib/users/user-input";
import { parseOrThrow } from "@/lib/validation";
import { freeWalletHandle } from "./wallet-handle";

export const CreateMerchantInput = z.object({
  name: z.string().trim().min(2, "name must be at least 2 characters").max(120, "name must be at most 120 characters"),
  type: z.enum(MERCHANT_TYPES, { error: "type must be business or personal" }),
  email: Email.optional(),
  password: Password.optional(),
  ownerName: z.string().trim().max(120).optional(),
  staticAccounts: z.enum(STATIC_ACCOUNT_STATES).default("disabled"),
});
export type CreateMerchantInput = z.input<typeof CreateMerchantInput>;

export type CreatedMerchant = {
  merchant: Merchant;
  owner: User;
  /** The password as given, or the one generated (the CLI prints it). */
  password: string;
  payIds: { test: string; live: string };
};

/**
 * A new merchant with its owner, and one wallet PayID per mode (the default settlement
 * PayID and linked wallet of its keys). Sign-up, the CLI and the seed all come through here.
 */
export async function createMerchant(
  db: Db,
  input: CreateMerchantInput & {
    actor: Actor;
    /**
     * Whether live mode is open at once (supplement §13): merchants an operator makes (the
     * CLI, the seed) are; a sign-up is not until an admin approves its activation request.
     */
    activated: boolean;
  },
): Promise<CreatedMerchant> {
  const data = parseOrThrow(CreateMerchantInput, input);
  const password = data.password ?? generatePassword();
  const email = data.email ?? `${randomBase62(10).toLowerCase()}@merchants.owo.local`;

  return db.transaction(async (tx) => {
    const [merchant] = await tx
      .insert(merchants)
      .values({ name: data.name, type: data.type, staticAccounts: data.staticAccounts, activatedAt: input.activated ? new Date() : null })
      .returning();
    const owner = await insertUser(tx, { email, password, name: data.ownerName ?? null });
    await tx.insert(memberships).values({ userId: owner.id, merchantId: merchant!.id, role: "owner" });
    const handle = await freeWalletHandle(tx, data.name);
    await tx.insert(payIds).values([
      { merchantId: merchant!.id, mode: "test", kind: "wallet", handle, payId: handle },
      { merchantId: merchant!.id, mode: "live", kind: "wallet", handle, payId: handle },
    ]);
    await recordAudit(tx, {
      merchantId: merchant!.id,
      actor: { ...input.actor, userId: input.actor.userId ?? owner.id },
      action: "merchant.created",
      targetType: "merchant",
      targetId: merchant!.id,
      changes: { name: { to: data.name }, type: { to: data.type }, activated: { to: input.activated } },
    });
    return { merchant: merchant!, owner, password, payIds: { test: handle, live: handle } };
  });
}
