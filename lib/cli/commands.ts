import { getDb } from "@/db/client";
import { MODES, type Mode } from "@/db/schema";
import { createAdmin } from "@/lib/admin/create-admin";
import { revokeAdmin } from "@/lib/admin/revoke-admin";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { validationError } from "@/lib/errors";
import { createKeyPair } from "@/lib/keys/create-key-pair";
import { setKeyLimits } from "@/lib/keys/set-key-limits";
import { activateMerchant } from "@/lib/merchants/activation";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { setStaticAccounts } from "@/lib/merchants/set-static-accounts";
import { auditLedger } from "@/lib/ledger/audit-ledger";
import { operatorResetPassword } from "@/lib/users/operator-reset-password";
import { runJobs } from "@/lib/scheduler/run-jobs";
import { seedDemo } from "@/lib/seed/seed-demo";
import { suspendStaticAccount } from "@/lib/static-accounts/change-static-account-status";
import { toStaticAccountView } from "@/lib/static-accounts/static-account-view";
import { isUuid } from "@/lib/text-patterns";
import { optionalFlag, parseFlags, requireFlag, UsageError } from "./args";
import { RECONCILE_USAGE, reconcileRun } from "./reconcile-cli";

type Command = { usage: string; run: (argv: string[]) => Promise<Record<string, unknown>> };

/** Thrown by a command whose answer is printed but whose exit code must be 1. */
export class CommandFailed extends Error {
  constructor(readonly result: Record<string, unknown>) {
    super("command failed");
  }
}

/** Supplement §8: every command prints exactly one JSON object with --json. */
export const COMMANDS: Record<string, Command> = {
  "merchant create": {
    usage: "owo merchant create --name N --type business|personal [--email E --password P] [--static-accounts enabled|disabled|suspended]",
    async run(argv) {
      const f = parseFlags(argv, { name: "string", type: "string", email: "string", password: "string", "static-accounts": "string" });
      const created = await createMerchant(await getDb(), {
        name: requireFlag(f, "name"),
        type: requireFlag(f, "type") as "business",
        email: optionalFlag(f, "email"),
        password: optionalFlag(f, "password"),
        staticAccounts: (optionalFlag(f, "static-accounts") ?? "disabled") as "disabled",
        actor: CLI_ACTOR,
        // Made by an operator: active at once (supplement §13).
        activated: true,
      });
      return {
        id: created.merchant.id,
        name: created.merchant.name,
        type: created.merchant.type,
        email: created.owner.email,
        password: created.password,
        pay_ids: created.payIds,
      };
    },
  },
  "merchant set": {
    usage: "owo merchant set --merchant ID --static-accounts enabled|disabled|suspended",
    async run(argv) {
      const f = parseFlags(argv, { merchant: "string", "static-accounts": "string" });
      return setStaticAccounts(await getDb(), {
        merchantId: requireFlag(f, "merchant"),
        staticAccounts: requireFlag(f, "static-accounts"),
        actor: CLI_ACTOR,
      });
    },
  },
  "merchant activate": {
    usage: "owo merchant activate --merchant ID",
    async run(argv) {
      const f = parseFlags(argv, { merchant: "string" });
      const id = requireFlag(f, "merchant");
      const result = await activateMerchant(await getDb(), { merchantId: id, actor: CLI_ACTOR });
      return { id, activated: true, activated_at: result.activatedAt.toISOString(), changed: result.changed };
    },
  },
  "key create": {
    usage:
      "owo key create --merchant ID --mode test|live [--permissions a,b] [--allowed-domains d1,d2] [--webhook-url URL] " +
      "[--payment-methods m1,m2] [--crypto-assets USDT:tron,BTC] [--no-wallet] [--rate-limit N] [--initialize-limit M]",
    async run(argv) {
      const f = parseFlags(argv, {
        merchant: "string",
        mode: "string",
        name: "string",
        permissions: "string",
        "allowed-domains": "string",
        "webhook-url": "string",
        "payment-methods": "string",
        "crypto-assets": "string",
        "settlement-pay-id": "string",
        "no-wallet": "boolean",
        "rate-limit": "string",
        "initialize-limit": "string",
      });
      const mode = requireFlag(f, "mode");
      if (!(MODES as readonly string[]).includes(mode)) throw validationError(["mode must be one of test, live"]);
      const merchantId = requireFlag(f, "merchant");
      if (!isUuid(merchantId)) throw validationError(["merchant must be a merchant id (UUID)"]);
      const created = await createKeyPair(await getDb(), {
        merchantId,
        mode: mode as Mode,
        actor: CLI_ACTOR,
        config: {
          name: optionalFlag(f, "name"),
          permissions: optionalFlag(f, "permissions"),
          allowedDomains: optionalFlag(f, "allowed-domains"),
          webhookUrl: optionalFlag(f, "webhook-url"),
          paymentMethods: optionalFlag(f, "payment-methods"),
          cryptoAssets: optionalFlag(f, "crypto-assets"),
          settlementPayId: optionalFlag(f, "settlement-pay-id"),
          linkWallet: !f["no-wallet"],
          rateLimit: optionalFlag(f, "rate-limit"),
          initializeLimit: optionalFlag(f, "initialize-limit"),
        },
      });
      return {
        id: created.keyPair.id,
        mode: created.keyPair.mode,
        secret_key: created.secretKey,
        public_key: created.keyPair.publicKey,
        webhook_secret: created.webhookSecret,
        permissions: created.keyPair.permissions,
        rate_limit: created.keyPair.rateLimit,
        initialize_limit: created.keyPair.initializeLimit,
      };
    },
  },
  "key set-limits": {
    usage: "owo key set-limits --key ID [--rate-limit N] [--initialize-limit M]",
    async run(argv) {
      const f = parseFlags(argv, { key: "string", "rate-limit": "string", "initialize-limit": "string" });
      const keyPairId = requireFlag(f, "key");
      const rateLimit = optionalFlag(f, "rate-limit");
      const initializeLimit = optionalFlag(f, "initialize-limit");
      if (rateLimit === undefined && initializeLimit === undefined) throw validationError(["give --rate-limit, --initialize-limit or both"]);
      const view = await setKeyLimits(await getDb(), { keyPairId, limits: { rateLimit, initializeLimit }, actor: CLI_ACTOR });
      return { id: view.id, mode: view.mode, rate_limit: view.rateLimit, initialize_limit: view.initializeLimit };
    },
  },
  "admin create": {
    usage: "owo admin create --email E --password P",
    async run(argv) {
      const f = parseFlags(argv, { email: "string", password: "string" });
      return createAdmin(await getDb(), { email: requireFlag(f, "email"), password: requireFlag(f, "password"), actor: CLI_ACTOR });
    },
  },
  "user reset-password": {
    usage: "owo user reset-password --email E [--password P]",
    async run(argv) {
      const f = parseFlags(argv, { email: "string", password: "string" });
      return operatorResetPassword(await getDb(), { email: requireFlag(f, "email"), password: optionalFlag(f, "password"), actor: CLI_ACTOR });
    },
  },
  "admin revoke": {
    usage: "owo admin revoke --email E",
    async run(argv) {
      const f = parseFlags(argv, { email: "string" });
      return revokeAdmin(await getDb(), { email: requireFlag(f, "email"), actor: CLI_ACTOR });
    },
  },
  "static-account suspend": {
    usage: "owo static-account suspend --id ID",
    async run(argv) {
      const f = parseFlags(argv, { id: "string" });
      return toStaticAccountView(await suspendStaticAccount(await getDb(), { id: requireFlag(f, "id"), actor: CLI_ACTOR }));
    },
  },
  "scheduler run": {
    usage: "owo scheduler run",
    async run(argv) {
      parseFlags(argv, {});
      return runJobs(await getDb());
    },
  },
  "ledger audit": {
    usage: "owo ledger audit",
    async run(argv) {
      parseFlags(argv, {});
      const audit = await auditLedger(await getDb());
      const result = { ok: audit.ok, accounts: audit.accounts, transactions: audit.transactions, imbalance: audit.imbalance };
      if (!audit.ok) throw new CommandFailed(result);
      return result;
    },
  },
  "reconcile run": {
    usage: RECONCILE_USAGE,
    run: reconcileRun,
  },
  seed: {
    usage: "owo seed",
    async run(argv) {
      parseFlags(argv, {});
      return seedDemo(await getDb());
    },
  },
};

export function findCommand(argv: string[]): { command: Command; rest: string[] } {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(" ");
    const command = COMMANDS[name];
    if (command) return { command, rest: argv.slice(words) };
  }
  throw new UsageError(`unknown command: ${argv.slice(0, 2).join(" ") || "(none)"}`);
}
