import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/db/client";
import { railClearingCode } from "@/lib/ledger/accounts";
import { logError } from "@/lib/log";
import type { RailCapabilities, RailName } from "@/lib/rails/rail";
import { knownRails, liveRails } from "@/lib/rails/router";

export type RailOverview = {
  name: RailName;
  /** Its place in OWO_RAILS (1 = first choice); null when credentials are set but live mode does not use it. */
  position: number | null;
  capabilities: RailCapabilities;
  lastWebhookAt: Date | null;
  /** Deliveries in the last 24 hours whose payment the provider's API did not confirm, or that failed to process. */
  failures24h: number;
  unprocessed: number;
  pendingPayouts: number;
  /** Payouts the provider holds until a person acts (an OTP, a block). */
  attention: { reference: string; amount: number; note: string; since: Date }[];
  /** Kobo the provider says it holds; null when it cannot say or did not answer. */
  providerBalance: number | null;
  balanceError: string | null;
  /** Kobo Owo's ledger says the provider holds (its clearing account, sign turned). */
  ledgerBalance: number;
  /** Today (Lagos day), kobo: the fees Owo charged merchants on this rail's money, what the provider charged Owo, and the margin. */
  today: { owoFees: number; providerFees: number; margin: number };
};

/**
 * The admin Rails page (supplement §11): each rail configured, its last webhook, failures,
 * payouts pending at it (and those that need a person), and the provider's balance beside
 * the ledger's clearing account for it.
 */
export async function railsOverview(db: Db): Promise<RailOverview[]> {
  const order = liveRails().map((r) => r.name);
  const rails = knownRails().filter((r) => r.name !== "sandbox" || order.includes("sandbox"));
  rails.sort((a, b) => rank(order, a.name) - rank(order, b.name));
  return Promise.all(
    rails.map(async (rail) => {
      const [hooks] = await queryRows<{ last: string | null; failures: number; unprocessed: number }>(
        db,
        sql`select max(received_at)::text as last,
                   count(*) filter (where received_at > now() - interval '24 hours' and outcome in ('not_confirmed', 'failed'))::int as failures,
                   count(*) filter (where processed_at is null)::int as unprocessed
            from rail_webhooks where rail = ${rail.name}`,
      );
      const [pending] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from transfers where status = 'pending' and rail = ${rail.name}`);
      const attention = await queryRows<{ reference: string; amount: number; note: string; since: string }>(
        db,
        sql`select reference, amount::bigint::float8 as amount, rail_attention as note, updated_at::text as since
            from transfers where status = 'pending' and rail = ${rail.name} and rail_attention is not null order by updated_at limit 20`,
      );
      const code = rail.name === "sandbox" ? "platform:live:bank_clearing" : railClearingCode("live", rail.name);
      const [ledger] = await queryRows<{ balance: string | null }>(db, sql`select balance::text as balance from ledger_accounts where code = ${code}`);
      let providerBalance: number | null = null;
      let balanceError: string | null = null;
      if (rail.capabilities.balance) {
        try {
          providerBalance = await rail.balance();
        } catch (error) {
          logError("rail balance read failed", { rail: rail.name, error });
          balanceError = "The provider did not answer";
        }
      }
      return {
        name: rail.name,
        position: order.includes(rail.name) ? order.indexOf(rail.name) + 1 : null,
        capabilities: rail.capabilities,
        lastWebhookAt: hooks?.last ? new Date(hooks.last) : null,
        failures24h: hooks?.failures ?? 0,
        unprocessed: hooks?.unprocessed ?? 0,
        pendingPayouts: pending?.n ?? 0,
        attention: attention.map((a) => ({ reference: a.reference, amount: Number(a.amount), note: a.note, since: new Date(a.since) })),
        providerBalance,
        balanceError,
        ledgerBalance: -Number(ledger?.balance ?? 0),
        today: await todaysMargin(db, rail.name),
      };
    }),
  );
}

const rank = (order: RailName[], name: RailName) => (order.includes(name) ? order.indexOf(name) : 99);

/**
 * What waits for an operator on the Rails page (the admin sidebar's badge): open suspense items
 * plus pending payouts a provider holds until a person acts. Two partial-index counts
 * (rail_suspense_open_idx, transfers_rail_attention_idx), cheap on every admin page.
 */
export async function countRailAlerts(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select ((select count(*) from rail_suspense where status = 'open')
              + (select count(*) from transfers where status = 'pending' and rail_attention is not null))::int as n`,
  );
  return row?.n ?? 0;
}

/** The Lagos day's fees on a rail's payments and completed payouts: Owo's, the provider's and the margin (kobo). */
async function todaysMargin(db: Db, rail: string): Promise<RailOverview["today"]> {
  const [row] = await queryRows<{ owo: string; provider: string }>(
    db,
    sql`with midnight as (select (date_trunc('day', now() at time zone 'Africa/Lagos') at time zone 'Africa/Lagos') as t)
        select (coalesce((select sum(fee) from payments where rail = ${rail} and paid_at >= (select t from midnight)), 0)
              + coalesce((select sum(fee) from transfers where rail = ${rail} and status = 'completed' and completed_at >= (select t from midnight)), 0))::text as owo,
               (coalesce((select sum(rail_fee) from payments where rail = ${rail} and paid_at >= (select t from midnight)), 0)
              + coalesce((select sum(rail_fee) from transfers where rail = ${rail} and status = 'completed' and completed_at >= (select t from midnight)), 0))::text as provider`,
  );
  const owoFees = Number(row?.owo ?? 0);
  const providerFees = Number(row?.provider ?? 0);
  return { owoFees, providerFees, margin: owoFees - providerFees };
}
