import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/v1/events/route";
import { GET as getRoute, POST as postOne } from "@/app/v1/events/[id]/route";
import { getDb } from "@/db/client";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { revokeKeyPair } from "@/lib/keys/revoke-key-pair";
import { emitCommitted, eventRow } from "@/tests/events";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import { startWebhookReceiver } from "@/tests/webhook-receiver";
import { afterCommitDeliveriesSettled } from "./deliver-after-commit";
import type { EventView } from "./event-view";
import { getEventWithAttemptsOrThrow } from "./get-event";
import { listMerchantEvents } from "./list-events";
import { resendEvent } from "./resend-event";
import { sendTestEvent } from "./send-test-event";

type Page = { items: EventView[]; total: number; page: number; page_size: number; total_pages: number };

let key: Awaited<ReturnType<typeof makeKey>>;
let sibling: Awaited<ReturnType<typeof makeKey>>;
let stranger: Awaited<ReturnType<typeof makeKey>>;
const charges: string[] = [];
const invoices: string[] = [];
let siblingEvent = "";
let strangerEvent = "";

beforeAll(async () => {
  const merchant = await makeMerchant();
  key = await makeKey({ merchantId: merchant.merchant.id });
  sibling = await makeKey({ merchantId: merchant.merchant.id }); // same merchant and mode, another key pair
  stranger = await makeKey();
  // 25 events: 17 charge.success and 8 invoice.paid, interleaved, oldest first.
  for (let i = 0; i < 25; i++) {
    if (i % 3 === 2) invoices.push(await emitCommitted(key, { type: "invoice.paid", data: { i } }));
    else charges.push(await emitCommitted(key, { type: "charge.success", data: { i } }));
  }
  siblingEvent = await emitCommitted(sibling);
  strangerEvent = await emitCommitted(stranger);
});

const newestFirst = () => [...charges, ...invoices].sort((a, b) => b.localeCompare(a));

describe("GET /v1/events (supplement §4)", () => {
  it("lists the key's own events, newest first, 20 per page by default", async () => {
    const { status, body } = await call<Page>(listRoute, { path: "/v1/events", key: key.secretKey });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const page = body.data!;
    expect(page).toMatchObject({ total: 25, page: 1, page_size: 20, total_pages: 2 });
    expect(page.items).toHaveLength(20);
    const ids = page.items.map((e) => e.id);
    expect(ids).not.toContain(siblingEvent);
    expect(ids).not.toContain(strangerEvent);
    // Newest first: data.i counts down from 24.
    expect(page.items.map((e) => e.data.i)).toEqual(Array.from({ length: 20 }, (_, n) => 24 - n));

    const second = await call<Page>(listRoute, { path: "/v1/events?page=2", key: key.secretKey });
    expect(second.body.data).toMatchObject({ total: 25, page: 2, page_size: 20, total_pages: 2 });
    expect(second.body.data!.items.map((e) => e.data.i)).toEqual([4, 3, 2, 1, 0]);
    expect([...ids, ...second.body.data!.items.map((e) => e.id)].sort()).toEqual(newestFirst().sort());
  });

  it("each item is {id, event, data, created_at, delivery: {status, attempts, last_status_code}}", async () => {
    const id = charges[0]!;
    await (
      await getDb()
    ).execute(
      sql`update events set delivery_status = 'pending', attempts = 2, last_status_code = 500, next_attempt_at = now() + interval '1 hour' where id = ${id}`,
    );
    const { body } = await call<Page>(listRoute, { path: "/v1/events?page=3&page_size=10", key: key.secretKey });
    const item = body.data!.items.find((e) => e.id === id)!;
    const row = (await eventRow(id))!;
    expect(item).toEqual({
      id,
      event: "charge.success",
      data: { i: 0 },
      created_at: row.createdAt.toISOString(),
      delivery: { status: "pending", attempts: 2, last_status_code: 500 },
    });
    expect(Object.keys(item).sort()).toEqual(["created_at", "data", "delivery", "event", "id"]);
  });

  it("filters by event type and honours page_size", async () => {
    const { body } = await call<Page>(listRoute, { path: "/v1/events?event=invoice.paid&page_size=5", key: key.secretKey });
    expect(body.data).toMatchObject({ total: 8, page: 1, page_size: 5, total_pages: 2 });
    expect(body.data!.items.every((e) => e.event === "invoice.paid")).toBe(true);
    expect(body.data!.items.map((e) => e.id)).toEqual([...invoices].reverse().slice(0, 5));
    const none = await call<Page>(listRoute, { path: "/v1/events?event=nothing.like.this", key: key.secretKey });
    expect(none.body.data).toMatchObject({ items: [], total: 0, total_pages: 0 });
  });

  it("refuses bad paging with 400 Validation error naming the field", async () => {
    for (const [q, field] of [
      ["page_size=101", "page_size"],
      ["page_size=0", "page_size"],
      ["page=0", "page"],
      ["page=abc", "page"],
    ] as const) {
      const { status, body } = await call(listRoute, { path: `/v1/events?${q}`, key: key.secretKey });
      expect(status, q).toBe(400);
      expect(body.error).toMatchObject({ code: "HTTP_ERROR", message: "Validation error" });
      expect(
        body.error!.details!.some((d) => d.startsWith(field)),
        JSON.stringify(body.error),
      ).toBe(true);
    }
  });

  it("needs a secret key", async () => {
    const { status, body } = await call(listRoute, { path: "/v1/events", key: key.publicKey });
    expect(status).toBe(403);
    expect(body.error!.code).toBe("SECRET_KEY_REQUIRED");
    expect((await call(listRoute, { path: "/v1/events" })).status).toBe(401);
  });

  it("needs no particular permission", async () => {
    const narrow = await makeKey({ config: { permissions: ["invoices"] } });
    const id = await emitCommitted(narrow);
    const { status, body } = await call<Page>(listRoute, { path: "/v1/events", key: narrow.secretKey });
    expect(status).toBe(200);
    expect(body.data!.items.map((e) => e.id)).toEqual([id]);
  });
});

describe("GET /v1/events/:id", () => {
  it("answers the same item as the list", async () => {
    const id = invoices[2]!;
    const list = await call<Page>(listRoute, { path: "/v1/events?event=invoice.paid", key: key.secretKey });
    const { status, body } = await call<EventView>(getRoute, { path: `/v1/events/${id}`, key: key.secretKey, params: { id } });
    expect(status).toBe(200);
    expect(body.data).toEqual(list.body.data!.items.find((e) => e.id === id));
  });

  it("is 404 NOT_FOUND for another key pair's, another merchant's or an unknown event", async () => {
    for (const id of [siblingEvent, strangerEvent, "evt_0000000000000000000000", "x"]) {
      const { status, body } = await call(getRoute, { path: `/v1/events/${id}`, key: key.secretKey, params: { id } });
      expect(status, id).toBe(404);
      expect(body.error).toEqual({ code: "NOT_FOUND", message: "Event not found." });
    }
    // The owner sees it.
    const own = await call(getRoute, { path: `/v1/events/${siblingEvent}`, key: sibling.secretKey, params: { id: siblingEvent } });
    expect(own.status).toBe(200);
  });

  it("answers 405 to other methods", async () => {
    const { status, body } = await call(postOne, { method: "POST", path: `/v1/events/${charges[0]}`, key: key.secretKey });
    expect(status).toBe(405);
    expect(body.error!.code).toBe("HTTP_ERROR");
  });
});

describe("dashboard: webhook log and test event", () => {
  it("lists a merchant's events by mode with type and status filters and paging, and one with its attempts", async () => {
    const db = await getDb();
    const merchantId = key.merchantId;
    const all = await listMerchantEvents(db, { merchantId, mode: "test", pageSize: 100 });
    expect(all.total).toBe(26); // both key pairs of the merchant
    expect(all.items.map((e) => e.id)).toContain(siblingEvent);
    expect(all.items.map((e) => e.id)).not.toContain(strangerEvent);
    expect((await listMerchantEvents(db, { merchantId, mode: "live" })).total).toBe(0);
    const invoicePage = await listMerchantEvents(db, { merchantId, mode: "test", type: "invoice.paid", page: 2, pageSize: 3 });
    expect(invoicePage).toMatchObject({ total: 8, page: 2, page_size: 3, total_pages: 3 });
    expect(invoicePage.items.map((e) => e.id)).toEqual([...invoices].reverse().slice(3, 6));
    const byKey = await listMerchantEvents(db, { merchantId, mode: "test", keyPairId: sibling.keyPair.id });
    expect(byKey.items.map((e) => e.id)).toEqual([siblingEvent]);

    await db.execute(sql`update events set delivery_status = 'exhausted', next_attempt_at = null where id = ${charges[5]!}`);
    const exhausted = await listMerchantEvents(db, { merchantId, mode: "test", status: "exhausted" });
    expect(exhausted.items.map((e) => e.id)).toEqual([charges[5]]);

    const hook = await startWebhookReceiver(() => ({ status: 201, body: "created" }));
    try {
      await db.execute(sql`update api_key_pairs set webhook_url = ${hook.url} where id = ${key.keyPair.id}`);
      await resendEvent(db, { merchantId, mode: "test", eventId: charges[5]! });
      const detail = await getEventWithAttemptsOrThrow(db, { merchantId, mode: "test", eventId: charges[5]! });
      expect(detail.event).toMatchObject({ id: charges[5], deliveryStatus: "delivered" });
      expect(detail.attempts.map((a) => [a.trigger, a.statusCode, a.responseSnippet])).toEqual([["manual", 201, "created"]]);
      await expect(getEventWithAttemptsOrThrow(db, { merchantId: stranger.merchantId, mode: "test", eventId: charges[5]! })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    } finally {
      await db.execute(sql`update api_key_pairs set webhook_url = null where id = ${key.keyPair.id}`);
      await hook.close();
    }
  });

  it("send test event: a signed webhook.test arrives at the key's URL", async () => {
    const hook = await startWebhookReceiver();
    try {
      const target = await makeKey({ config: { webhookUrl: hook.url } });
      const db = await getDb();
      const { eventId } = await sendTestEvent(db, { merchantId: target.merchantId, mode: "test", keyPairId: target.keyPair.id });
      await afterCommitDeliveriesSettled();
      const [got] = await hook.waitFor(1);
      expect(got!.headers["webhook-id"]).toBe(eventId);
      const payload = new Webhook(target.webhookSecret).verify(got!.body, got!.headers as Record<string, string>) as {
        event: string;
        data: Record<string, unknown>;
      };
      expect(payload.event).toBe("webhook.test");
      expect(payload.data).toEqual({
        message: "This is a test event from Owo.",
        key_pair_id: target.keyPair.id,
        sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const listed = await call<Page>(listRoute, { path: "/v1/events?event=webhook.test", key: target.secretKey });
      expect(listed.body.data!.items.map((e) => [e.id, e.delivery.status])).toEqual([[eventId, "delivered"]]);
    } finally {
      await hook.close();
    }
  });

  it("send test event is refused for a key without a URL, a revoked key, or someone else's key", async () => {
    const db = await getDb();
    const plain = await makeKey();
    await expect(sendTestEvent(db, { merchantId: plain.merchantId, mode: "test", keyPairId: plain.keyPair.id })).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
    await expect(sendTestEvent(db, { merchantId: stranger.merchantId, mode: "test", keyPairId: key.keyPair.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const revoked = await makeKey({ config: { webhookUrl: "http://127.0.0.1:9/hook" } });
    await revokeKeyPair(db, { merchantId: revoked.merchantId, mode: "test", keyPairId: revoked.keyPair.id, actor: CLI_ACTOR });
    await expect(sendTestEvent(db, { merchantId: revoked.merchantId, mode: "test", keyPairId: revoked.keyPair.id })).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
    const listed = await listMerchantEvents(db, { merchantId: plain.merchantId, mode: "test" });
    expect(listed.total).toBe(0);
  });
});
