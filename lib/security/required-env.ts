import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir, postgresOptions } from "@/db/client";
import { RailConfigError, readRailsConfig } from "@/lib/rails/rail-config";
import { parseEncryptionKey } from "@/lib/security/secret-box";

/**
 * The secrets every Owo process needs before it touches the database. With DATABASE_URL (a
 * real deployment) the operator sets them: a missing one refuses the start, naming every
 * missing variable and how to make it. On the embedded trial (no DATABASE_URL) each is
 * generated once into .data/ (0600) and read from there on every later start.
 */
/** An environment to read (and, on the embedded trial, fill): process.env by default. */
type Env = Record<string, string | undefined>;

type Secret = { name: string; file: string; generate: () => string; howTo: string; problem: (value: string | undefined) => string | null };

const isSet = (v: string | undefined) => (v?.trim() ? null : "is not set");

export const REQUIRED_SECRETS: readonly Secret[] = [
  {
    name: "OWO_ENCRYPTION_KEY",
    file: "encryption-key",
    generate: () => randomBytes(32).toString("base64"),
    howTo: "32 random bytes in base64, encrypts webhook and TOTP secrets at rest (openssl rand -base64 32)",
    problem: (v) => {
      if (!v?.trim()) return "is not set";
      return "problem" in parseEncryptionKey(v) ? "is not 32 bytes of base64" : null;
    },
  },
  {
    name: "OWO_IDENTITY_SECRET",
    file: "identity-secret",
    generate: () => randomBytes(32).toString("base64url"),
    howTo: "a long random string, the key identity numbers are hashed with (openssl rand -base64 32)",
    problem: isSet,
  },
  {
    name: "AUTH_SECRET",
    file: "auth-secret",
    generate: () => randomBytes(32).toString("base64url"),
    howTo: "a long random string, signs dashboard sessions (openssl rand -base64 32)",
    problem: isSet,
  },
];

/** Every problem with the required secrets in `env` (empty when all is well). */
export function missingSecrets(env: Env = process.env): { name: string; problem: string; howTo: string }[] {
  return REQUIRED_SECRETS.flatMap((s) => {
    const problem = s.problem(env[s.name]);
    return problem ? [{ name: s.name, problem, howTo: s.howTo }] : [];
  });
}

/** The one start-up message naming every missing variable, or null. */
export function requiredEnvMessage(env: Env = process.env): string | null {
  const missing = missingSecrets(env);
  if (!missing.length) return null;
  return [
    `Owo cannot start: DATABASE_URL is set (a real deployment), so ${missing.map((m) => m.name).join(", ")} must be set too.`,
    ...missing.map((m) => `  ${m.name} ${m.problem}: ${m.howTo}`),
    'See "Production checklist" in README.md.',
  ].join("\n");
}

export class RequiredEnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RequiredEnvError";
  }
}

/** A secret kept in .data/: read it, or generate it once (0600). */
function trialSecret(secret: Secret): string {
  const file = path.join(/*turbopackIgnore: true*/ dataDir(), secret.file);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir(), { recursive: true });
    fs.writeFileSync(file, secret.generate(), { mode: 0o600, flag: "wx" });
  }
  return fs.readFileSync(file, "utf8").trim();
}

/**
 * Call before touching the database (npm start, the server's instrumentation, the CLI).
 * DATABASE_URL set: throws RequiredEnvError when a secret is missing or invalid, or when the
 * URL's sslmode is unknown. Embedded trial: fills each missing secret from .data/.
 */
export function prepareRequiredEnv(env: Env = process.env): void {
  // The rails (supplement §11): an unknown name in OWO_RAILS, or a named rail missing a credential, refuses the start.
  try {
    readRailsConfig(env);
  } catch (err) {
    if (err instanceof RailConfigError) throw new RequiredEnvError(`Owo cannot start: ${err.message}. See "Going live" in README.md.`);
    throw err;
  }
  const url = env.DATABASE_URL;
  if (url) {
    const message = requiredEnvMessage(env);
    if (message) throw new RequiredEnvError(message);
    try {
      postgresOptions(url);
    } catch (err) {
      throw new RequiredEnvError(`Owo cannot start: ${(err as Error).message}`);
    }
    return;
  }
  for (const secret of REQUIRED_SECRETS) {
    const given = env[secret.name];
    if (given?.trim()) {
      const problem = secret.problem(given);
      if (problem) throw new RequiredEnvError(`Owo cannot start: ${secret.name} ${problem}: ${secret.howTo}`);
      continue;
    }
    const value = trialSecret(secret);
    if (secret.problem(value))
      throw new RequiredEnvError(
        `${path.join(/*turbopackIgnore: true*/ dataDir(), secret.file)} holds an invalid ${secret.name}: delete the file to generate a new one.`,
      );
    env[secret.name] = value;
  }
}
