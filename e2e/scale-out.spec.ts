// Scale-out (issue 8): two `next start` instances of the production build on ONE PostgreSQL
// database. Everything that must hold across instances is proved against both at once: rate
// limits are one counter, every scheduler job does each piece of work once when both run it
// concurrently (via /api/cron, SCHEDULER=off), and one wallet paid out from both never goes
// below zero. Instances and database are the spec's own (tests/instances.ts).
//
// Both instances reach the database through PgBouncer in transaction mode (issue 28 item 7;
// tests/pgbouncer.ts, a bouncer of six server connections), so every test also proves the app
// keeps no session state and no named prepared statement from one transaction to the next: a
// has DATABASE_DIRECT_URL (its LISTENs), b has only the bouncer (no LISTEN: it polls) and a
// pool of ONE connection: no request waits for a second connection while it holds one, and
// queries beyond the pool wait their turn instead of being pipelined behind a busy one (which
// through the bouncer could go unanswered for good: db/client.ts postgresOptions).
import { expect, test } from "@playwright/test";
import { startBouncer, type Bouncer } from "../tests/pgbouncer";
import { startWebhookReceiver, type WebhookReceiver } from "../tests/webhook-receiver";
import { api, ledgerAudit, makeMerchantKey, openAppDatabase, startInstance, type AppDatabase, type AppInstance } from "../tests/instances";

test.describe.configure({ mode: "serial" });

let db: AppDatabase;
let bouncer: Bouncer;
let a: AppInstance;
let b: AppInstance;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // No pgbouncer on the machine fails here, saying how to install it (never a quiet skip).
  bouncer = await startBouncer();
  db = await openAppDatabase();
  const throughBouncer = bouncer.urlFor(db.url);
  // b delivers webhooks on its request thread (OWO_DELIVERY_THREAD=off), a on its delivery thread: both paths run every test.
  [a, b] = await Promise.all([
    startInstance({ name: "scale-a", databaseUrl: throughBouncer, env: { DATABASE_DIRECT_URL: db.url } }),
    startInstance({ name: "scale-b", databaseUrl: throughBouncer, env: { DATABASE_DIRECT_URL: "", OWO_DELIVERY_THREAD: "off", DATABASE_POOL_SIZE: "1" } }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.close();
  await bouncer?.stop();
});

test("both instances' database traffic goes through the bouncer, in transaction mode", async () => {
  for (const inst of [a, b]) expect((await fetch(`${inst.url}/api/health`)).status).toBe(200);
  const clients = await bouncer.show<{ database: string }>("CLIENTS");
  // The spec's own connections are direct: every client of the bouncer on this database is an instance's.
  expect(clients.filter((c) => c.database === db.name).length).toBeGreaterThanOrEqual(2);
  const pools = await bouncer.show<{ database: string; pool_mode: string }>("POOLS");
  expect(pools.find((p) => p.database === db.name)?.pool_mode).toBe("transaction");
});

const bankBody = (amount: number, reference?: string) => ({
  type: "bank_transfer",
  account_number: "0123456789",
  bank_code: "058",
  account_name: "ADA OBI",
  amount,
  ...(reference ? { reference } : {}),
});

/** Cron passes on both instances at once, `rounds` times; the reports of every pass. */
async function concurrentCron(rounds: number, perInstance = 2) {
  const reports: Record<string, number>[] = [];
  for (let r = 0; r < rounds; r++) {
    const passes = await Promise.all(Array.from({ length: perInstance }, () => [a.cron(), b.cron()]).flat());
    for (const p of passes) {
      expect(p.status).toBe(200);
      // A job that threw reports -1: every job must have run cleanly on every instance.
      for (const [job, n] of Object.entries(p.jobs)) expect(n, `${job} failed in a concurrent pass`).toBeGreaterThanOrEqual(0);
      reports.push(p.jobs);
    }
  }
  return reports;
}

const sum = (reports: Record<string, number>[], job: string) => reports.reduce((s, r) => s + (r[job] ?? 0), 0);

test("rate limits are shared: a key limited to N per minute gets exactly N accepted across both instances", async () => {
  const LIMIT = 7;
  const key = await makeMerchantKey({ rateLimit: LIMIT });
  // 4N requests at once, alternating between the instances. Each answer names its window
  // (x-ratelimit-reset); a burst that straddles a minute boundary is judged per window.
  const answers = await Promise.all(
    Array.from({ length: 4 * LIMIT }, (_, i) => api((i % 2 ? b : a).url, key.secretKey, "GET", "/v1/checkout/transfer/balance")),
  );
  const windows = new Map<string, { ok: number; limited: number }>();
  for (const r of answers) {
    expect([200, 429], r.text).toContain(r.status);
    expect(r.headers.get("x-ratelimit-limit")).toBe(String(LIMIT));
    if (r.status === 429) expect(r.body?.error).toMatchObject({ code: "HTTP_ERROR", message: "Too Many Requests" });
    const w = windows.get(r.headers.get("x-ratelimit-reset")!) ?? { ok: 0, limited: 0 };
    if (r.status === 200) w.ok++;
    else w.limited++;
    windows.set(r.headers.get("x-ratelimit-reset")!, w);
  }
  for (const w of windows.values()) expect(w.ok).toBe(Math.min(LIMIT, w.ok + w.limited));
  // Both instances did refuse some: the count they share is what stopped them.
  const refusedBy = (inst: AppInstance) => answers.filter((r, i) => (i % 2 ? b : a) === inst && r.status === 429).length;
  expect(refusedBy(a) + refusedBy(b)).toBeGreaterThan(0);
  // Every request is counted in its window's row (summed: a burst may straddle a minute boundary).
  const [counter] = await db.sql<{ count: number }[]>`select sum(count)::int as count from rate_limit_counters where bucket = ${`key:${key.keyPairId}`}`;
  expect(counter!.count).toBeGreaterThanOrEqual(4 * LIMIT - LIMIT);
});

test("initialize's rate limit (counted before the insert behind a pooler) is exact across both instances through the bouncer", async () => {
  const LIMIT = 6;
  const key = await makeMerchantKey({ initializeLimit: LIMIT, rateLimit: 1_000 });
  const answers = await Promise.all(
    Array.from({ length: 3 * LIMIT }, (_, i) =>
      api((i % 2 ? b : a).url, key.secretKey, "POST", "/v1/checkout/session/initialize", { amount: 5_000, email: `buyer${i}@example.com` }),
    ),
  );
  const windows = new Map<string, { ok: number; limited: number }>();
  for (const r of answers) {
    expect([200, 429], r.text).toContain(r.status);
    const w = windows.get(r.headers.get("x-ratelimit-reset")!) ?? { ok: 0, limited: 0 };
    if (r.status === 200) w.ok++;
    else w.limited++;
    windows.set(r.headers.get("x-ratelimit-reset")!, w);
  }
  // Per minute window (a burst may straddle a boundary): exactly LIMIT made, the rest refused.
  for (const w of windows.values()) expect(w.ok).toBe(Math.min(LIMIT, w.ok + w.limited));
  // Exactly one session per accepted answer, none for a refused one.
  const [made] = await db.sql<{ n: number }[]>`select count(*)::int as n from checkout_sessions where key_pair_id = ${key.keyPairId}`;
  expect(made!.n).toBe(answers.filter((r) => r.status === 200).length);
});

test("webhooks go out right after commit, from the delivery thread (a) or the request thread (b), with no scheduler pass", async () => {
  const delivery = async (i: AppInstance) => ((await (await fetch(`${i.url}/api/health`)).json()) as { webhook_delivery?: string }).webhook_delivery;
  expect(await delivery(a)).toBe("thread");
  expect(await delivery(b)).toBe("request_thread");
  const receiver = await startWebhookReceiver();
  try {
    const recipient = await makeMerchantKey();
    const transfersSeen = () =>
      receiver.received.map((r) => JSON.parse(r.body) as { event: string; data: { reference: string } }).filter((hook) => hook.event === "transfer.success");
    let expected = 0;
    for (const instance of [a, b]) {
      const sender = await makeMerchantKey({ webhookUrl: receiver.url });
      expect((await api(instance.url, sender.secretKey, "POST", "/v1/sandbox/wallet/fund", { amount: 1_000_000 })).status).toBe(200);
      const sent = await Promise.all(
        Array.from({ length: 5 }, () =>
          api<{ reference: string }>(instance.url, sender.secretKey, "POST", "/v1/checkout/transfer", {
            type: "payid",
            pay_id: recipient.walletPayId,
            amount: 10_000,
          }),
        ),
      );
      for (const r of sent) expect(r.status, r.text).toBe(200);
      expected += sent.length;
      // SCHEDULER=off and no cron call: only the after-commit path can have sent them.
      const deadline = Date.now() + 10_000;
      while (transfersSeen().length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const references = transfersSeen().map((hook) => hook.data.reference);
      expect(references).toEqual(expect.arrayContaining(sent.map((r) => r.body!.data!.reference)));
      expect(references).toHaveLength(expected);
    }
  } finally {
    await receiver.close();
  }
});

test("every scheduler job does each piece of work once when both instances run it concurrently", async () => {
  test.setTimeout(120_000);
  // The receiver fails everything while the work is set up, so every event ends up due for a retry.
  let up = false;
  const answered = new Map<string, number[]>(); // webhook-id → statuses answered
  const receiver: WebhookReceiver = await startWebhookReceiver((req) => {
    const id = String(req.headers["webhook-id"]);
    const status = up ? 200 : 500;
    answered.set(id, [...(answered.get(id) ?? []), status]);
    return { status };
  });
  try {
    const key = await makeMerchantKey({ webhookUrl: receiver.url });
    const on = (i: number) => (i % 2 ? b : a).url;
    const ok = <T>(r: Awaited<ReturnType<typeof api<T>>>) => {
      expect(r.status, r.text).toBe(200);
      return r.body!.data!;
    };
    const SESSIONS = 12;
    const ACCOUNTS = 8;
    const INVOICES = 8;
    const TRANSFERS = 12;
    const PAYMENTS = 10;

    // Payments in (charge.success events to deliver), then the wallet pays transfers out.
    for (let i = 0; i < PAYMENTS; i++) ok(await api(on(i), key.secretKey, "POST", "/v1/sandbox/payments", { pay_id: key.walletPayId, amount: 100_000 }));
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, i) =>
        ok<{ session_id: string }>(
          await api(on(i), key.secretKey, "POST", "/v1/checkout/session/initialize", { amount: 5_000, email: `buyer${i}@example.com` }),
        ),
      ),
    );
    const accounts = await Promise.all(
      Array.from({ length: ACCOUNTS }, async (_, i) =>
        ok<{ public_id: string }>(await api(on(i), key.secretKey, "POST", "/v1/checkout/virtual-account", { amount: "500", validity_minutes: 60 })),
      ),
    );
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());
    const invoices = await Promise.all(
      Array.from({ length: INVOICES }, async (_, i) =>
        ok<{ public_id: string }>(
          await api(on(i), key.secretKey, "POST", "/v1/checkout/invoice", {
            customer_name: `Customer ${i}`,
            customer_email: `customer${i}@example.com`,
            line_items: [{ description: "Widget", quantity: 1, unit_price: 10_000 }],
            due_date: today,
            due_date_action: i % 2 ? "pause" : "none",
            send: true,
          }),
        ),
      ),
    );
    const transfers = await Promise.all(
      Array.from({ length: TRANSFERS }, async (_, i) =>
        ok<{ reference: string; status: string }>(await api(on(i), key.secretKey, "POST", "/v1/checkout/transfer", bankBody(20_000))),
      ),
    );
    expect(transfers.every((t) => t.status === "pending")).toBe(true);

    // Everything falls due: sessions, accounts and invoices expire now (the sandbox's own
    // clock control), the sandbox bank settles pending transfers on its next tick.
    const expire = (resource: string, id: string, i: number) => api(on(i), key.secretKey, "POST", "/v1/sandbox/expire", { resource, id }).then(ok);
    await Promise.all([
      ...sessions.map((s, i) => expire("session", s.session_id, i)),
      ...accounts.map((v, i) => expire("virtual_account", v.public_id, i)),
      ...invoices.map((inv, i) => expire("invoice", inv.public_id, i)),
    ]);

    // The after-commit first attempts (all failing) settle: no attempt in flight holds a lease
    // (a lease pushes next_attempt_at a minute or more ahead) and the receiver has gone quiet.
    // Events held back by the first-attempts-in-order rule wait, still due, for a scheduler pass.
    const leased = async () =>
      (
        await db.sql<
          { n: number }[]
        >`select count(*)::int as n from events where key_pair_id = ${key.keyPairId} and next_attempt_at > now() + interval '30 seconds'`
      )[0]!.n;
    let heard = -1;
    await expect
      .poll(
        async () => {
          const quiet = (await leased()) === 0 && receiver.received.length === heard;
          heard = receiver.received.length;
          return quiet;
        },
        { timeout: 30_000, intervals: [500] },
      )
      .toBe(true);
    // The receiver comes back and the simulated clock reaches every retry time.
    up = true;
    await db.sql`update events set next_attempt_at = now() where key_pair_id = ${key.keyPairId} and delivery_status = 'pending'`;
    const dueEvents = (await db.sql<{ n: number }[]>`select count(*)::int as n from events where key_pair_id = ${key.keyPairId}`)[0]!.n;
    expect(dueEvents).toBeGreaterThanOrEqual(PAYMENTS + INVOICES);

    const reports = await concurrentCron(3);

    // Each job's work, counted across all twelve concurrent passes: exactly once each.
    expect(sum(reports, "expire_receivables")).toBe(SESSIONS + ACCOUNTS);
    expect(sum(reports, "invoice_due_dates")).toBe(INVOICES);
    expect(sum(reports, "sandbox_bank_clock")).toBe(TRANSFERS);

    // Sessions: expired once each (one timeline entry); accounts expired.
    const sessionRows = await db.sql<{ status: string; expiries: number }[]>`
      select s.status, (select count(*)::int from session_events e where e.session_id = s.id and e.type = 'expired') as expiries
      from checkout_sessions s where s.id in ${db.sql(sessions.map((s) => s.session_id))}`;
    expect(sessionRows).toHaveLength(SESSIONS);
    for (const s of sessionRows) expect(s).toEqual({ status: "expired", expiries: 1 });
    const accountRows = await db.sql<{ status: string }[]>`select status from virtual_accounts where public_id in ${db.sql(accounts.map((v) => v.public_id))}`;
    expect(accountRows.map((r) => r.status)).toEqual(Array(ACCOUNTS).fill("expired"));

    // Invoices: overdue or paused once each, one invoice.paused event per paused invoice.
    const invoiceRows = await db.sql<{ status: string; paused: boolean; action: string; paused_events: number }[]>`
      select i.status, i.paused, i.due_date_action as action,
             (select count(*)::int from events e where e.type = 'invoice.paused' and e.data->>'public_id' = i.public_id) as paused_events
      from invoices i where i.public_id in ${db.sql(invoices.map((inv) => inv.public_id))}`;
    expect(invoiceRows).toHaveLength(INVOICES);
    for (const inv of invoiceRows) {
      if (inv.action === "pause") expect(inv).toMatchObject({ paused: true, paused_events: 1 });
      else expect(inv).toMatchObject({ status: "overdue", paused: false, paused_events: 0 });
    }

    // Transfers: completed once each: one settle entry, one transfer.success, one bank record.
    const transferRows = await db.sql<{ status: string; settles: number; successes: number; bank: number }[]>`
      select t.status,
        (select count(*)::int from journal_entries j where j.reference = t.reference || ':settle') as settles,
        (select count(*)::int from events e where e.type = 'transfer.success' and e.data->>'reference' = t.reference) as successes,
        (select count(*)::int from sandbox_bank_transfers s where s.reference = t.reference) as bank
      from transfers t where t.reference in ${db.sql(transfers.map((t) => t.reference))}`;
    expect(transferRows).toHaveLength(TRANSFERS);
    for (const t of transferRows) expect(t).toEqual({ status: "completed", settles: 1, successes: 1, bank: 1 });

    // Webhooks: the events emitted by the passes go out after commit; a last pass sweeps up.
    const undelivered = async () =>
      (await db.sql<{ n: number }[]>`select count(*)::int as n from events where key_pair_id = ${key.keyPairId} and delivery_status <> 'delivered'`)[0]!.n;
    await expect.poll(undelivered, { timeout: 20_000 }).toBe(0);
    await concurrentCron(1);
    const eventRows = await db.sql<{ id: string; attempts: number; logged: number }[]>`
      select e.id, e.attempts, (select count(*)::int from webhook_attempts w where w.event_id = e.id) as logged
      from events e where e.key_pair_id = ${key.keyPairId}`;
    expect(eventRows.length).toBe(dueEvents + TRANSFERS + INVOICES / 2);
    for (const e of eventRows) {
      const statuses = answered.get(e.id) ?? [];
      // Exactly one successful delivery, under the event's own id, and no attempt the log does not know.
      expect(
        statuses.filter((s) => s === 200),
        `event ${e.id} answered ${statuses.join(",")}`,
      ).toHaveLength(1);
      expect(statuses.at(-1)).toBe(200);
      expect(e.attempts).toBe(statuses.length);
      expect(e.logged).toBe(statuses.length);
    }
    // No request for an id that is not one of the key's events.
    expect([...answered.keys()].every((id) => eventRows.some((e) => e.id === id))).toBe(true);

    expect((await ledgerAudit()).ok).toBe(true);
  } finally {
    await receiver.close();
  }
});

test("concurrent payouts from one wallet across both instances never overdraw it", async () => {
  test.setTimeout(90_000);
  const key = await makeMerchantKey();
  // 20,000 kobo + fee 1,000 + VAT 75 per transfer: the wallet holds twelve and a bit.
  const COST = 21_075;
  const FUNDS = 12 * COST + 5_000;
  const fund = await api(a.url, key.secretKey, "POST", "/v1/sandbox/wallet/fund", { amount: FUNDS });
  expect(fund.status, fund.text).toBe(200);

  // Both instances warm (route loaded, connections open), so the race really is between them.
  for (const inst of [a, b]) {
    const warm = await api(inst.url, key.secretKey, "POST", "/v1/checkout/transfer", { type: "bank_transfer" });
    expect(warm.status, warm.text).toBe(400);
    expect((await api(inst.url, key.secretKey, "GET", "/v1/checkout/transfer/balance")).status).toBe(200);
  }

  const ATTEMPTS = 40; // 843,000 kobo asked of a 257,900 kobo wallet
  const answers = await Promise.all(
    Array.from({ length: ATTEMPTS }, (_, i) =>
      api<{ reference: string; amount: number; fees: number; vat: number; stamp_duty: number }>(
        (i % 2 ? b : a).url,
        key.secretKey,
        "POST",
        "/v1/checkout/transfer",
        bankBody(20_000, `payout-${i}`),
      ),
    ),
  );
  const accepted = answers.filter((r) => r.status === 200);
  for (const r of answers.filter((x) => x.status !== 200)) {
    expect(r.status, r.text).toBe(400);
    expect(r.body?.error?.code).toBe("INSUFFICIENT_FUNDS");
  }
  // Never more than the wallet holds, and no payout refused while the money was there.
  expect(accepted).toHaveLength(12);
  const acceptedTotal = accepted.reduce((s, r) => s + r.body!.data!.amount + r.body!.data!.fees + r.body!.data!.vat + r.body!.data!.stamp_duty, 0);
  expect(acceptedTotal).toBeLessThanOrEqual(FUNDS);
  // (Which instance wins each race varies from run to run: the wallet's row lock decides.)

  for (const inst of [a, b]) {
    const bal = await api<{ available_balance: number }>(inst.url, key.secretKey, "GET", "/v1/checkout/transfer/balance");
    expect(bal.body?.data?.available_balance).toBe(FUNDS - acceptedTotal);
  }
  const [wallet] = await db.sql<{ balance: string }[]>`
    select balance::text from ledger_accounts where merchant_id = ${key.merchantId} and kind = 'wallet' and mode = 'test'`;
  expect(Number(wallet!.balance)).toBe(FUNDS - acceptedTotal);
  // One transfer row and one debit per accepted payout; none for a refused one.
  const rows = await db.sql<{ merchant_reference: string; debits: number }[]>`
    select t.merchant_reference, (select count(*)::int from journal_entries j where j.reference = t.reference || ':debit') as debits
    from transfers t where t.merchant_id = ${key.merchantId}`;
  expect(rows.map((r) => r.merchant_reference).sort()).toEqual(accepted.map((r) => `payout-${answers.indexOf(r)}`).sort());
  expect(rows.every((r) => r.debits === 1)).toBe(true);

  // The payouts settle; the ledger balances throughout.
  await concurrentCron(1);
  const statuses = await db.sql<{ status: string }[]>`select status from transfers where merchant_id = ${key.merchantId}`;
  expect(statuses.every((s) => s.status === "completed")).toBe(true);
  expect((await ledgerAudit()).ok).toBe(true);
});
