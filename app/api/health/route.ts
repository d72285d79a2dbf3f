// GET /api/health – for load balancers, monitoring and `npm start`: database reachable (and
// its latency), migrations current, the scheduler's last pass, where webhooks are delivered. 503 when the database does not
// answer or a committed migration is not applied yet.
import { getDb } from "@/db/client";
import { checkHealth, healthStatus } from "@/lib/observability/health";
import { deliveryThread } from "@/lib/events/delivery-thread";
import { inProcessSchedulerRunning } from "@/lib/scheduler/in-process";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await checkHealth(getDb, { schedulerEnabled: inProcessSchedulerRunning() });
  // Where this instance delivers webhooks: its own thread (PostgreSQL) or the request thread.
  const webhookDelivery = deliveryThread() ? "thread" : "request_thread";
  return Response.json({ ...health, webhook_delivery: webhookDelivery }, { status: healthStatus(health), headers: { "cache-control": "no-store" } });
}
