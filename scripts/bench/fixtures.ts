// What the scenarios act as: a sender merchant with a test key (a rate limit no run can
// reach) and a funded wallet, and a recipient merchant for PayID transfers. Made through
// the `owo` CLI and the public API, the way an operator and an integrator would.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { BENCH_DEPLOYMENT_SECRETS } from "./server";

const run = promisify(execFile);

export type Fixtures = {
  merchantId: string;
  secretKey: string;
  /** The recipient merchant's test wallet PayID. */
  recipientPayId: string;
};

/** The highest per-minute limit a key accepts (lib/keys/key-config.ts). */
const KEY_RATE_LIMIT = 1_000_000;
/** POST /v1/sandbox/wallet/fund takes at most this much per call. */
const FUND_CHUNK_KOBO = 100_000_000_000;

export async function owo<T>(databaseUrl: string, args: string[]): Promise<T> {
  try {
    const { stdout } = await run(process.execPath, ["bin/owo.mjs", ...args, "--json"], {
      env: { ...process.env, ...BENCH_DEPLOYMENT_SECRETS, DATABASE_URL: databaseUrl, NEXT_TELEMETRY_DISABLED: "1" },
    });
    const answer = JSON.parse(stdout.trim().split("\n").pop()!) as T & { error?: { message: string } };
    if (answer.error) throw new Error(answer.error.message);
    return answer;
  } catch (err) {
    // The CLI answers its error as JSON on stdout: show it, not only "Command failed".
    const said =
      String((err as { stdout?: string }).stdout ?? "")
        .trim()
        .split("\n")
        .pop() ?? "";
    throw new Error(`owo ${args.slice(0, 2).join(" ")} failed: ${(err as Error).message.split("\n")[0]} ${said}`.trim());
  }
}

async function fund(baseUrl: string, secretKey: string, amount: number): Promise<void> {
  const res = await fetch(`${baseUrl}/v1/sandbox/wallet/fund`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": secretKey },
    body: JSON.stringify({ amount }),
  });
  if (!res.ok) throw new Error(`funding the bench wallet failed: ${res.status} ${await res.text()}`);
}

export async function createFixtures(opts: { baseUrl: string; databaseUrl: string; fundKobo: number }): Promise<Fixtures> {
  type Merchant = { id: string; pay_ids: { test: string } };
  const [sender, recipient] = await Promise.all([
    owo<Merchant>(opts.databaseUrl, ["merchant", "create", "--name", "Bench Sender", "--type", "business"]),
    owo<Merchant>(opts.databaseUrl, ["merchant", "create", "--name", "Bench Recipient", "--type", "business"]),
  ]);
  const key = await owo<{ secret_key: string }>(opts.databaseUrl, [
    "key",
    "create",
    "--merchant",
    sender.id,
    "--mode",
    "test",
    "--name",
    "bench",
    "--rate-limit",
    String(KEY_RATE_LIMIT),
  ]);
  for (let left = opts.fundKobo; left > 0; left -= FUND_CHUNK_KOBO) await fund(opts.baseUrl, key.secret_key, Math.min(left, FUND_CHUNK_KOBO));
  return { merchantId: sender.id, secretKey: key.secret_key, recipientPayId: recipient.pay_ids.test };
}
