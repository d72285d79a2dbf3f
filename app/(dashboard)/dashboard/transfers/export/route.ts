// GET /dashboard/transfers/export – the filtered transfers list as CSV (signed-in members)
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { toCsv } from "@/lib/csv";
import { koboToNaira } from "@/lib/money";
import { listTransfers } from "@/lib/transfers/list-transfers";
import { parseTransferSearch } from "@/lib/transfers/parse-filter";

export const dynamic = "force-dynamic";
const MAX_ROWS = 10_000;

export async function GET(req: Request) {
  const ctx = await getDashboardContext();
  if (!ctx) return new Response("Sign in first", { status: 401 });
  const query = parseTransferSearch(Object.fromEntries(new URL(req.url).searchParams));
  const { items } = await listTransfers(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, ...query, page: 1, page_size: MAX_ROWS });
  const csv = toCsv(
    ["reference", "merchant_reference", "type", "status", "amount_naira", "fee_naira", "vat_naira", "stamp_duty_naira", "recipient_name", "recipient_bank", "recipient_account_number", "narration", "created_at", "completed_at", "failure_reason"],
    items.map((t) => [t.reference, t.merchantReference, t.type, t.status, koboToNaira(t.amount), koboToNaira(t.fee), koboToNaira(t.vat), koboToNaira(t.stampDuty), t.recipientName, t.recipientBankName, t.recipientAccountNumber, t.narration, t.createdAt.toISOString(), t.completedAt?.toISOString() ?? "", t.failureReason]),
  );
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="owo-transfers-${ctx.mode}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
