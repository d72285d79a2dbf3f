import { z } from "zod";
import { int, responseSchema } from "@/lib/response-schema";

/** What a settlement run answers (POST /v1/sandbox/settlement/run); its type is the schema's output. */
export const SettlementRunSchema = responseSchema(
  "SettlementRun",
  z.object({ batched: int(), paid_out: int(), wallet_credit: int(), failed: int() }),
  "Counts of payments: cut off into a batch, paid out to a bank account, credited to the wallet, failed.",
);
export type SettlementRun = z.output<typeof SettlementRunSchema>;
