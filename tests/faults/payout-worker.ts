// A process of its own running the automatic-payouts job for the given merchants at the given
// instant, as an app instance's scheduler would: the payout tests run two at once (two
// instances) and SIGKILL one mid-run. Run with
// `node --import tsx tests/faults/payout-worker.ts <merchantId,…> <ISO instant> [loops]`;
// it inherits DATABASE_URL and the secrets from the test process.
import { getDb } from "@/db/client";
import { runDuePayouts } from "@/lib/payouts/run-payouts";

const merchantIds = (process.argv[2] ?? "").split(",").filter(Boolean);
const now = new Date(process.argv[3] ?? Date.now());
const loops = Number(process.argv[4] ?? 1);
const db = await getDb();
process.send?.("ready");
let sent = 0;
for (let i = 0; i < loops; i++) sent += await runDuePayouts(db, now, { merchantIds });
process.send?.({ sent });
process.exit(0);
