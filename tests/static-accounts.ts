import { getDb } from "@/db/client";
import { staticAccounts, type Mode, type StaticAccount } from "@/db/schema";
import { newUuid, prefixedId, randomDigits } from "@/lib/ids";

/**
 * An active static account written straight into the schema (no identity check): for tests
 * that need one to pay into, refund from or settle, not to test creating one.
 */
export async function insertStaticAccount(opts: { merchantId: string; mode: Mode; keyPairId: string }): Promise<StaticAccount> {
  const [account] = await (
    await getDb()
  )
    .insert(staticAccounts)
    .values({
      id: prefixedId("staticAccount"),
      merchantId: opts.merchantId,
      mode: opts.mode,
      keyPairId: opts.keyPairId,
      reference: `cust_${randomDigits(10)}`,
      provider: "sandbox",
      accountNumber: randomDigits(10),
      accountName: "Owo/Ngozi Eze",
      bankName: "Wema Bank",
      customerName: "Ngozi Eze",
      identityType: "bvn",
      identityNumberHash: `hash-${newUuid()}`,
      identityLast4: "4321",
    })
    .returning();
  return account!;
}
