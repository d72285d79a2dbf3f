import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { dataDir, type Db } from "@/db/client";
import { apiKeyPairs, memberships } from "@/db/schema";
import { createAdmin } from "@/lib/admin/create-admin";
import { SYSTEM_ACTOR } from "@/lib/audit/record-audit";
import { appError } from "@/lib/errors";
import { createKeyPair } from "@/lib/keys/create-key-pair";
import { hashSecretKey } from "@/lib/keys/key-format";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { configuredBaseUrl } from "@/lib/public-links";
import { findUserByEmail } from "@/lib/users/create-user";
import { seedDemoHistory } from "./seed-history";

export const DEMO = {
  business: { name: "Demo Store", email: "demo@owo.test" },
  personal: { name: "Ada Personal", email: "ada@owo.test" },
  admin: { email: "admin@owo.test" },
} as const;

type Account = keyof typeof DEMO;
type DemoPasswords = Record<Account, string>;
type Env = Record<string, string | undefined>;

/**
 * Demo data is for trying Owo: seeded on the embedded database, or on PostgreSQL only when the
 * operator asks with OWO_SEED_DEMO=1, never by accident on a real deployment.
 */
export function demoSeedAllowed(env: Env = process.env): boolean {
  return !env.DATABASE_URL || env.OWO_SEED_DEMO === "1";
}

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

/**
 * The demo accounts' passwords: random, generated once per database and account when the seed
 * creates that account, and kept beside the keys (0600) so `npm start` can print them.
 * Re-seeding never changes a password; an account made before (e.g. by an older version) keeps
 * its own and is reported with `null`.
 */
function passwordsFile(): string {
  return path.join(dataDir(), "demo-passwords.json");
}
function readAllPasswords(): Record<string, Partial<DemoPasswords>> {
  try {
    return JSON.parse(fs.readFileSync(passwordsFile(), "utf8")) as Record<string, Partial<DemoPasswords>>;
  } catch {
    return {};
  }
}
export function storedDemoPassword(account: Account): string | null {
  return readAllPasswords()[databaseLabel()]?.[account] ?? null;
}
/** The password to create `account` with: the one kept in .data/, else a new one, kept first. */
function passwordForNewAccount(account: Account): string {
  const all = readAllPasswords();
  const label = databaseLabel();
  const known = all[label]?.[account];
  if (known) return known;
  const fresh = randomBytes(15).toString("base64url");
  all[label] = { ...all[label], [account]: fresh };
  fs.mkdirSync(dataDir(), { recursive: true });
  fs.writeFileSync(passwordsFile(), JSON.stringify(all, null, 2), { mode: 0o600 });
  fs.chmodSync(passwordsFile(), 0o600);
  return fresh;
}

async function ensureMerchant(db: Db, account: "business" | "personal") {
  const demo = DEMO[account];
  const type = account;
  const existing = await findUserByEmail(db, demo.email);
  if (existing) {
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, existing.id)).limit(1);
    if (m) return m.merchantId;
    throw new Error(`${demo.email} exists but belongs to no merchant: the demo seed leaves it alone`);
  }
  const created = await createMerchant(db, {
    name: demo.name,
    type,
    email: demo.email,
    password: passwordForNewAccount(account),
    staticAccounts: type === "business" ? "enabled" : "disabled",
    actor: SYSTEM_ACTOR,
    activated: true,
  });
  return created.merchant.id;
}

/**
 * `npm run seed`: a demo business with test keys and 30 days of test-mode history
 * (seed-history.ts), a demo personal account and an admin. Safe to run twice: existing accounts
 * are left exactly as they are (never re-promoted, never given a new password), and the history
 * is made once (`history: false` leaves it out). Refused on PostgreSQL unless OWO_SEED_DEMO=1.
 */
export async function seedDemo(db: Db, opts: { history?: boolean } = {}) {
  if (!demoSeedAllowed()) {
    throw appError("FORBIDDEN", {
      message: "Demo data is only seeded on the embedded database: DATABASE_URL is set, so set OWO_SEED_DEMO=1 as well if you really want demo accounts there.",
    });
  }
  const businessId = await ensureMerchant(db, "business");
  const personalId = await ensureMerchant(db, "personal");
  if (!(await findUserByEmail(db, DEMO.admin.email))) {
    await createAdmin(db, { email: DEMO.admin.email, password: passwordForNewAccount("admin"), actor: SYSTEM_ACTOR });
  }

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
  const history =
    opts.history === false
      ? null
      : await seedDemoHistory(db, {
          merchantId: businessId,
          merchantName: DEMO.business.name,
          personalMerchantId: personalId,
          baseUrl: configuredBaseUrl() ?? "http://localhost:3000",
        });
  return {
    history,
    business: { id: businessId, email: DEMO.business.email, password: storedDemoPassword("business") },
    personal: { id: personalId, email: DEMO.personal.email, password: storedDemoPassword("personal") },
    admin: { email: DEMO.admin.email, password: storedDemoPassword("admin") },
    test_keys: keys!,
  };
}
