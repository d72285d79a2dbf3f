import fs from "node:fs";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { dataDir, type Db } from "@/db/client";
import { apiKeyPairs, memberships } from "@/db/schema";
import { createAdmin } from "@/lib/admin/create-admin";
import { SYSTEM_ACTOR } from "@/lib/audit/record-audit";
import { createKeyPair } from "@/lib/keys/create-key-pair";
import { hashSecretKey } from "@/lib/keys/key-format";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { findUserByEmail } from "@/lib/users/create-user";

export const DEMO = {
  business: { name: "Demo Store", email: "demo@owo.test", password: "owo-demo-password" },
  personal: { name: "Ada Personal", email: "ada@owo.test", password: "owo-demo-password" },
  admin: { email: "admin@owo.test", password: "owo-admin-password" },
} as const;

type DemoKeys = { secret_key: string; public_key: string };

/**
 * The demo test keys are kept in .data/ (never in the database, which holds only the hash)
 * so `npm start` can print them on every start. Keyed by database, as one checkout may use
 * PGlite and a Postgres URL in turn.
 */
function keysFile(): string {
  return path.join(dataDir(), "demo-keys.json");
}
function databaseLabel(): string {
  return process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).pathname + "@" + new URL(process.env.DATABASE_URL).host : "pglite";
}
function readKeys(): DemoKeys | null {
  try {
    return (JSON.parse(fs.readFileSync(keysFile(), "utf8")) as Record<string, DemoKeys>)[databaseLabel()] ?? null;
  } catch {
    return null;
  }
}
function writeKeys(keys: DemoKeys): void {
  let all: Record<string, DemoKeys> = {};
  try {
    all = JSON.parse(fs.readFileSync(keysFile(), "utf8"));
  } catch {
    /* first write */
  }
  all[databaseLabel()] = keys;
  fs.mkdirSync(dataDir(), { recursive: true });
  fs.writeFileSync(keysFile(), JSON.stringify(all, null, 2), { mode: 0o600 });
}

async function ensureMerchant(db: Db, demo: { name: string; email: string; password: string }, type: "business" | "personal") {
  const existing = await findUserByEmail(db, demo.email);
  if (existing) {
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, existing.id)).limit(1);
    if (m) return m.merchantId;
  }
  const created = await createMerchant(db, {
    name: demo.name,
    type,
    email: demo.email,
    password: demo.password,
    staticAccounts: type === "business" ? "enabled" : "disabled",
    actor: SYSTEM_ACTOR,
  });
  return created.merchant.id;
}

/** `npm run seed`: a demo business with test keys, a demo personal account and an admin. Safe to run twice. */
export async function seedDemo(db: Db) {
  const businessId = await ensureMerchant(db, DEMO.business, "business");
  const personalId = await ensureMerchant(db, DEMO.personal, "personal");
  const admin = await findUserByEmail(db, DEMO.admin.email);
  if (!admin?.isAdmin) await createAdmin(db, { ...DEMO.admin, actor: SYSTEM_ACTOR });

  let keys = readKeys();
  const stillValid =
    keys &&
    (
      await db
        .select({ id: apiKeyPairs.id })
        .from(apiKeyPairs)
        .where(and(eq(apiKeyPairs.secretHash, hashSecretKey(keys.secret_key)), eq(apiKeyPairs.merchantId, businessId), isNull(apiKeyPairs.revokedAt)))
        .limit(1)
    ).length > 0;
  if (!stillValid) {
    const created = await createKeyPair(db, {
      merchantId: businessId,
      mode: "test",
      config: { name: "Demo test key" },
      actor: SYSTEM_ACTOR,
    });
    keys = { secret_key: created.secretKey, public_key: created.keyPair.publicKey };
    writeKeys(keys);
  }
  return {
    business: { id: businessId, email: DEMO.business.email, password: DEMO.business.password },
    personal: { id: personalId, email: DEMO.personal.email, password: DEMO.personal.password },
    admin: { email: DEMO.admin.email, password: DEMO.admin.password },
    test_keys: keys!,
  };
}
