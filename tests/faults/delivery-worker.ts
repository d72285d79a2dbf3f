// A process of its own running the webhook delivery engine for the given key pairs, over and
// over, as an app instance's scheduler and wake-ups would: the SIGKILL fault test kills it
// mid-burst. Run with `node --import tsx tests/faults/delivery-worker.ts <keyPairId,…>`; it
// inherits DATABASE_URL and the secrets from the test process.
import { getDb } from "@/db/client";
import { deliverDueEvents } from "@/lib/events/deliver-due-events";

const keyPairIds = (process.argv[2] ?? "").split(",").filter(Boolean);
const db = await getDb();
process.send?.("ready");
for (;;) {
  const attempts = await deliverDueEvents(db, { keyPairIds });
  if (attempts === 0) await new Promise((r) => setTimeout(r, 5));
}
