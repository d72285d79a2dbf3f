// POST /api/bench/emit – the webhooks benchmark's event source: commits one event for the
// given key pair through the app's own outbox (emitEvents, one statement) and starts its
// delivery after commit (deliverAfterCommit), exactly as a transfer or payment does, without
// the rest of a transfer's work. Exists only for a
// request carrying OWO_BENCH_SECRET (scripts/bench/server/bench-access.ts; set by scripts/bench/server.ts);
// a 404 otherwise.
// Body: { merchant_id, key_pair_id, reference }, or key_pair_ids (one event for each, in one
// statement: a burst over several keys per request).
import { benchAllowed } from "@/scripts/bench/server/bench-access";
import { getDb } from "@/db/client";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { emitEvents } from "@/lib/events/emit-event";

export const dynamic = "force-dynamic";

const notFound = () => Response.json({ status: false, message: "Not found" }, { status: 404 });

export async function POST(req: Request): Promise<Response> {
  if (!benchAllowed(req)) return notFound();
  const body = (await req.json().catch(() => null)) as { merchant_id?: unknown; key_pair_id?: unknown; key_pair_ids?: unknown; reference?: unknown } | null;
  const keyPairIds = Array.isArray(body?.key_pair_ids) ? body.key_pair_ids : [body?.key_pair_id];
  if (typeof body?.merchant_id !== "string" || keyPairIds.length === 0 || !keyPairIds.every((k) => typeof k === "string")) {
    return Response.json({ status: false, message: "merchant_id and key_pair_id (or key_pair_ids) are required" }, { status: 400 });
  }
  const reference = typeof body.reference === "string" ? body.reference : crypto.randomUUID();
  const db = await getDb();
  const ids = await emitEvents(
    db,
    (keyPairIds as string[]).map((keyPairId, n) => ({
      merchantId: body.merchant_id as string,
      mode: "test" as const,
      keyPairId,
      type: "transfer.success",
      data: {
        reference: keyPairIds.length > 1 ? `${reference}-${n}` : reference,
        amount: 10_000,
        currency: "NGN",
        status: "completed",
        recipient: { name: "Ada Obi", bank: null, account_number: null },
      },
    })),
  );
  deliverAfterCommit(ids);
  return Response.json({ status: true, message: "ok", data: { ids } });
}
