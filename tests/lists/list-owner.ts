import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db/client";
import { makeKey } from "../factories";

/** A new merchant's test key pair and wallet PayID, for seeding list rows, with a tag for their references. */
export type ListOwner = { merchantId: string; keyPairId: string; walletPayIdId: string; tag: string };

export async function listOwner(): Promise<ListOwner> {
  const key = await makeKey();
  const [wallet] = await queryRows<{ id: string }>(
    await getDb(),
    sql`select id from pay_ids where merchant_id = ${key.merchantId} and mode = 'test' order by (kind = 'wallet') desc limit 1`,
  );
  return { merchantId: key.merchantId, keyPairId: key.keyPair.id, walletPayIdId: wallet!.id, tag: Math.random().toString(36).slice(2, 8) };
}
