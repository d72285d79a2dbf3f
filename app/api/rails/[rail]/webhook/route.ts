// POST /api/rails/:rail/webhook (supplement §11): a provider's webhook (paystack, monnify,
// flutterwave). The raw body is read as sent (its signature covers those bytes), verified,
// stored and answered at once; processing follows from the stored row after the answer.
import { getDb } from "@/db/client";
import { processRailWebhook } from "@/lib/rail-inbound/process-rail-webhook";
import { receiveRailWebhook } from "@/lib/rail-inbound/receive-rail-webhook";
import { logError } from "@/lib/log";

export const dynamic = "force-dynamic";

export async function POST(request: Request, ctx: { params: Promise<{ rail: string }> }) {
  const { rail } = await ctx.params;
  const rawBody = await request.text();
  const db = await getDb();
  const answer = await receiveRailWebhook(db, { rail, rawBody, headers: request.headers });
  if (answer.deliveryId) {
    const id = answer.deliveryId;
    // After the answer: the provider is not kept waiting on its own API (the scheduler retries what this misses).
    setImmediate(() => void processRailWebhook(db, id).catch((error) => logError("rail webhook processing failed", { rail, id, error })));
  }
  return Response.json(answer.body, { status: answer.status, headers: { "cache-control": "no-store" } });
}
