import { getDb } from "@/db/client";
import type { Mode } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { createKeyPair } from "@/lib/keys/create-key-pair";
import type { KeyConfigInput } from "@/lib/keys/key-config";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { randomBase62, randomDigits } from "@/lib/ids";
import { SANDBOX_IDENTITY } from "@/lib/rails/sandbox/sandbox-identity";

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

const SANDBOX_TEST_ENDINGS: readonly string[] = Object.values(SANDBOX_IDENTITY);

/**
 * A random 11-digit identity number (BVN, NIN) the sandbox simply matches and issues for: never
 * one ending in a sandbox test value (SANDBOX_IDENTITY: 0000, 9999, 1111, 2222), which a plain
 * randomDigits(11) drew about once in 2,500 (a test failed with "temporarily unavailable").
 */
export function plainIdentityNumber(): string {
  for (;;) {
    const n = randomDigits(11);
    if (!SANDBOX_TEST_ENDINGS.includes(n.slice(-4))) return n;
  }
}
