import { getDb } from "@/db/client";
import type { Mode } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { createKeyPair } from "@/lib/keys/create-key-pair";
import type { KeyConfigInput } from "@/lib/keys/key-config";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { randomBase62 } from "@/lib/ids";

/** A merchant with a unique name and owner email (the test database is shared by a run). */
export async function makeMerchant(opts: { type?: "business" | "personal"; name?: string } = {}) {
  const tag = randomBase62(8).toLowerCase();
  return createMerchant(await getDb(), {
    name: opts.name ?? `Test Merchant ${tag}`,
    type: opts.type ?? "business",
    email: `owner-${tag}@example.com`,
    password: "correct horse battery",
    actor: CLI_ACTOR,
    activated: true,
  });
}

/** A key pair on a new (or given) merchant; returns the clear secret and public keys. */
export async function makeKey(opts: { merchantId?: string; mode?: Mode; config?: KeyConfigInput } = {}) {
  const merchantId = opts.merchantId ?? (await makeMerchant()).merchant.id;
  const created = await createKeyPair(await getDb(), {
    merchantId,
    mode: opts.mode ?? "test",
    config: opts.config ?? {},
    actor: CLI_ACTOR,
  });
  return { merchantId, ...created, publicKey: created.keyPair.publicKey };
}
