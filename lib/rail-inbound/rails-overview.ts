import type { Db } from "@/db/client";
import { ledgerBalanceByCode } from "@/db/statements/ledger";
import { countPendingAtRail, countRailsNeedingAttention, railAttentionTransfers, railFeesToday, railWebhookHealth } from "@/db/statements/rail-webhooks";
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
      const hooks = await railWebhookHealth(db, rail.name);
      const pending = await countPendingAtRail(db, rail.name);
      const attention = await railAttentionTransfers(db, rail.name);
      const code = rail.name === "sandbox" ? "platform:live:bank_clearing" : railClearingCode("live", rail.name);
      const ledgerBalance = await ledgerBalanceByCode(db, code);
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
        pendingPayouts: pending ?? 0,
        attention: attention.map((a) => ({ reference: a.reference, amount: Number(a.amount), note: a.note, since: new Date(a.since) })),
        providerBalance,
        balanceError,
        ledgerBalance: -Number(ledgerBalance ?? 0),
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
  return countRailsNeedingAttention(db);
}

/** The Lagos day's fees on a rail's payments and completed payouts: Owo's, the provider's and the margin (kobo). */
async function todaysMargin(db: Db, rail: string): Promise<RailOverview["today"]> {
  const row = await railFeesToday(db, rail);
  const owoFees = Number(row?.owo ?? 0);
  const providerFees = Number(row?.provider ?? 0);
  return { owoFees, providerFees, margin: owoFees - providerFees };
}
