import type { Db } from "@/db/client";
import { logError } from "@/lib/log";
import type { ClaimedEvent } from "./claim-due-events";
import { deliverEvent, type DeliveryResult } from "./deliver-event";

/**
 * Makes the automatic attempt of each claimed event: different keys in parallel, one key's
 * events one after another in seq order (its first attempts must go out in order). If an
 * attempt cannot even be recorded, that key's later events are left to their lease, so none
 * overtakes it.
 */
export async function deliverClaimedEvents(db: Db, claimed: ClaimedEvent[]): Promise<DeliveryResult[]> {
  const byKey = new Map<string, ClaimedEvent[]>();
  for (const event of [...claimed].sort((a, b) => a.seq - b.seq)) {
    const list = byKey.get(event.keyPairId) ?? [];
    list.push(event);
    byKey.set(event.keyPairId, list);
  }
  const perKey = await Promise.all(
    [...byKey.values()].map(async (list) => {
      const results: DeliveryResult[] = [];
      for (const event of list) {
        try {
          results.push(await deliverEvent(db, { eventId: event.id, trigger: "automatic" }));
        } catch (error) {
          logError("webhook attempt failed to run", { eventId: event.id, error });
          break;
        }
      }
      return results;
    }),
  );
  return perKey.flat();
}
