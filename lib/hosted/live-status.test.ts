import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db/client";
import { sql } from "drizzle-orm";
import { GET } from "@/app/api/live/[kind]/[id]/route";
import { issueDynamicPayId } from "@/lib/payids/issue-dynamic-payid";
import { CreateDynamicPayIdBody } from "@/lib/payids/payid-input";
import { newSession, selectMethod, sessionKey } from "@/tests/sessions";
import { livePath, liveKey, payIdLiveId } from "./live-keys";
import { liveStatusHub } from "./live-status-hub";
import { readLiveStatuses } from "./live-status";
import { simulateCheckoutPayment } from "./simulate-checkout-payment";
import { simulatePayIdPayment } from "./simulate-payid-payment";

// Issue 26 item 1: a hosted page hears of a payment made anywhere, through one LISTEN per
// process (migration 0032's triggers) and never a database connection per open page.

function call(path: string, init: RequestInit = {}) {
  const [, , , kind, id] = path.split("/");
  return GET(new Request(`http://owo.test${path}`, init), { params: Promise.resolve({ kind: kind!, id: id! }) });
}

/** Opens a page's stream and reads its `data:` messages as they come. */
function openStream(path: string) {
  const abort = new AbortController();
  const opened = call(path, { headers: { accept: "text/event-stream" }, signal: abort.signal });
  const decoder = new TextDecoder();
  let buffer = "";
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return {
    response: opened,
    /** The next `data:` message's status. */
    async next(): Promise<string> {
      reader ??= (await opened).body!.getReader();
      for (;;) {
        const at = buffer.indexOf("\n\n");
        if (at >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const data = block.split("\n").find((l) => l.startsWith("data: "));
          if (data) return (JSON.parse(data.slice(6)) as { status: string }).status;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close: () => abort.abort(),
  };
}

async function waitFor(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
}

describe("live status of hosted pages", () => {
  it("answers a record's status once (the polling fallback), 404 for an unknown or malformed one", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const once = await call(livePath("session", s.session_id));
    expect(once.status).toBe(200);
    expect(await once.json()).toEqual({ status: "active" });
    expect((await call(livePath("session", "00000000-0000-4000-8000-000000000000"))).status).toBe(404);
    expect((await call(livePath("session", "not-a-uuid"))).status).toBe(404);
    expect((await call("/api/live/merchant/anything")).status).toBe(404);
    expect(liveKey("payid", "test:has space")).toBeNull();
  });

  it("streams the checkout's status, then 'completed' when the session is paid elsewhere; the page's stream ends its watch when closed", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey, { amount: 150_000 });
    await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    const hub = liveStatusHub();
    const before = hub.watchers;
    const page = openStream(livePath("session", s.session_id));
    const res = await page.response;
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("cache-control")).toContain("no-transform");
    expect(await page.next()).toBe("active");
    expect(hub.watchers).toBe(before + 1);

    // Paid by someone else: the sandbox bank, not this page.
    await simulateCheckoutPayment(await getDb(), { sessionId: s.session_id, method: "bank_transfer" });
    expect(await page.next()).toBe("completed");
    page.close();
    expect(await waitFor(() => hub.watchers === before)).toBe(true);
  });

  it("a dynamic PayID's page hears it complete", async () => {
    const key = await sessionKey();
    const db = await getDb();
    const dyn = await issueDynamicPayId(db, {
      merchantId: key.merchantId,
      mode: "test",
      keyPairId: key.keyPair.id,
      settlementPayIdId: null,
      source: "api",
      body: CreateDynamicPayIdBody.parse({ amount: 2500, amount_validation: "A0", name: "Live ticket" }),
    });
    const page = openStream(livePath("payid", payIdLiveId("test", dyn.fullPayId)));
    expect(await page.next()).toBe("active");
    await simulatePayIdPayment(db, { payId: dyn.fullPayId, mode: "test", amount: 250_000 });
    expect(await page.next()).toBe("completed");
    page.close();
  });

  it("a thousand open pages share the process's connections: one read per kind, no connection per page", async () => {
    const key = await sessionKey();
    const sessions = await Promise.all(Array.from({ length: 20 }, () => newSession(key.secretKey)));
    const db = await getDb();
    const connections = async () =>
      Number((await queryRows<{ n: string }>(db, sql`select count(*)::text as n from pg_stat_activity where datname = current_database()`))[0]!.n);
    // Warm: the pool and the LISTEN connection are open.
    const warm = openStream(livePath("session", sessions[0]!.session_id));
    await warm.next();
    const baseline = await connections();

    const pages = Array.from({ length: 1000 }, (_, i) => openStream(livePath("session", sessions[i % sessions.length]!.session_id)));
    const first = await Promise.all(pages.map((p) => p.next()));
    expect(first.every((s) => s === "active")).toBe(true);
    expect(liveStatusHub().watchers).toBeGreaterThanOrEqual(1001);
    expect(await connections()).toBeLessThanOrEqual(Math.max(baseline, 12));

    // One payment: only that session's pages hear of it.
    await selectMethod(key.secretKey, sessions[3]!.session_id, { payment_method: "bank_transfer" });
    await simulateCheckoutPayment(db, { sessionId: sessions[3]!.session_id, method: "bank_transfer" });
    const hearing = pages.filter((_, i) => i % sessions.length === 3);
    expect(await Promise.all(hearing.map((p) => p.next()))).toEqual(hearing.map(() => "completed"));
    for (const p of [...pages, warm]) p.close();

    // The batched read answers every kind in one call.
    const statuses = await readLiveStatuses(
      db,
      sessions.map((s) => `session:${s.session_id}`),
    );
    expect(statuses.size).toBe(sessions.length);
    expect(statuses.get(`session:${sessions[3]!.session_id}`)).toBe("completed");
  });
});
