// GET /dashboard/balance/export – the wallet statement, filtered by date, as CSV (signed-in members)
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { listWalletStatement, parseWalletStatementSearch } from "@/lib/overview/wallet-statement";
import { walletStatementCsvStream } from "@/lib/overview/wallet-statement-csv";
import { walkList } from "@/lib/lists/paging";

export const dynamic = "force-dynamic";
const MAX_ROWS = 10_000;

export async function GET(req: Request) {
  const ctx = await getDashboardContext();
  if (!ctx) return new Response("Sign in first", { status: 401 });
  const { from, to } = parseWalletStatementSearch(Object.fromEntries(new URL(req.url).searchParams));
  const scope = { ...ctx.scope, from, to };
  const csv = walletStatementCsvStream(
    walkList(
      (page) => listWalletStatement(ctx.db, { ...scope, ...page }),
      (l) => String(l.postingId),
      MAX_ROWS,
    ),
  );
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="owo-statement-${ctx.mode}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
