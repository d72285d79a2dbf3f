import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db/client";
import type { ReconciliationRun } from "@/db/schema";
import { createAdmin } from "@/lib/admin/create-admin";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { randomBase62 } from "@/lib/ids";
import { startSmtpCapture } from "@/tests/smtp-capture";
import { sendRunAlert } from "./run-alerts";
import { getRun } from "./run-reconciliation";

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const previous = process.env.SMTP_URL;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  // Its made-up runs (days in 2031) would otherwise be every later file's "latest run" in
  // /api/health (lib/reconciliation/reconciliation.test.ts checks health names its own run).
  await (await getDb()).execute(sql`delete from reconciliation_runs where source_key like 'api-alert-%'`);
  if (previous === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = previous;
  await smtp.close();
});

async function run(over: { day: string; mismatch?: number; provider?: number | null; ledger?: number | null }): Promise<ReconciliationRun> {
  const [row] = await queryRows<{ id: string }>(
    await getDb(),
    sql`insert into reconciliation_runs (id, rail, mode, day, source, source_key, status, lines, matched, amount_mismatch, provider_balance, ledger_balance)
        values (gen_random_uuid(), 'paystack', 'live', ${over.day}::date, 'api', ${`api-alert-${randomBase62(8)}`}, 'completed', 3, ${3 - (over.mismatch ?? 0)}, ${over.mismatch ?? 0},
                ${over.provider ?? null}, ${over.ledger ?? null}) returning id`,
  );
  return getRun(await getDb(), row!.id);
}

describe("reconciliation alerts (SMTP set)", () => {
  it("every admin is emailed when a run leaves exceptions or the provider's balance differs from the ledger; a clean run sends nothing", async () => {
    const email = `recon-${randomBase62(8).toLowerCase()}@example.com`;
    await createAdmin(await getDb(), { email, password: "correct horse battery staple 9", actor: CLI_ACTOR });
    const mine = () => smtp.mails.filter((m) => m.to.includes(email));

    expect(await sendRunAlert(await getDb(), await run({ day: "2031-05-01", provider: 500_000, ledger: 500_000 }))).toBe(0);
    expect(mine()).toHaveLength(0);

    await sendRunAlert(await getDb(), await run({ day: "2031-05-02", mismatch: 1, provider: 500_000, ledger: 500_000 }));
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.subject).toBe("Owo reconciliation: paystack 2031-05-02 needs attention");
    expect(mine()[0]!.text).toMatch(/1 amount mismatches/);

    await sendRunAlert(await getDb(), await run({ day: "2031-05-03", provider: 500_000, ledger: 450_000 }));
    expect(mine()).toHaveLength(2);
    expect(mine()[1]!.text).toMatch(/a difference of ₦500\.00/);
  });
});
