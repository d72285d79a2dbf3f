import type { Db } from "@/db/client";
import { tickSandboxBank } from "@/lib/rails/sandbox/sandbox-transfers";
import { processDueRailWebhooks } from "@/lib/rail-inbound/process-rail-webhook";
import { foldAllCustomers } from "@/lib/customers/fold-customers";
import { deliverDueEvents } from "@/lib/events/deliver-due-events";
import { expirePreviousWebhookSecrets } from "@/lib/events/expire-previous-webhook-secrets";
import { pruneRateLimitWindows } from "@/db/statements/rate-limit";
import { pruneSearchCounts } from "@/lib/lists/search-counts";
import { queueDueNotifications } from "@/lib/notifications/queue-notifications";
import { sendDueNotifications } from "@/lib/notifications/send-due-notifications";
import { applyDueInvoices } from "@/lib/invoices/apply-invoice-due";
import { pruneRequestLogs } from "@/lib/observability/prune-request-logs";
import { expireDueReceivables } from "@/lib/payments/expire-due-receivables";
import { runDuePayouts } from "@/lib/payouts/run-payouts";
import { processBulkBatches } from "@/lib/bulk-transfers/process-bulk-batches";
import { processDueRefunds } from "@/lib/refunds/process-due-refunds";
import { runDueReconciliations } from "@/lib/reconciliation/reconcile-job";
import { runSettlement } from "@/lib/settlement/run-settlement";
import { processPendingTransfers } from "@/lib/transfers/process-pending-transfers";

/**
 * The scheduler's jobs (supplement §9). Each is idempotent and safe to run from several app
 * instances at once; each returns how many rows it worked on. Later issues add expiries,
 * settlement, pending transfers and invoice due dates here.
 */
export type Job = { name: string; run: (db: Db) => Promise<number> };

export const JOBS: Job[] = [
  {
    // Rate-limit windows older than a few minutes can never be read again.
    name: "prune_rate_limit_counters",
    run: (db) => pruneRateLimitWindows(db),
  },
  {
    // Cached search totals of an hour mark that has passed are never read again.
    name: "prune_search_counts",
    run: (db) => pruneSearchCounts(db),
  },
  {
    // The sandbox bank's clock: decided outcomes apply, undecided transfers complete
    // (supplement §5: "a sandbox bank transfer completes on the next scheduler pass").
    name: "sandbox_bank_clock",
    run: () => tickSandboxBank({ settleUndecided: true }),
  },
  {
    // Rails' webhook deliveries stored but not processed (a crash after the answer, the
    // provider's API unreachable or still pending): processed from the stored row.
    name: "process_rail_webhooks",
    run: (db) => processDueRailWebhooks(db),
  },
  {
    // Pending bank transfers: unsent ones are sent (idempotently), sent ones checked.
    name: "process_pending_transfers",
    run: (db) => processPendingTransfers(db),
  },
  {
    // Sessions, dynamic PayIDs and virtual accounts past their expiry (api.md states).
    name: "expire_receivables",
    run: (db) => expireDueReceivables(db),
  },
  {
    // Invoices past their due date: overdue, or paused when due_date_action is pause (supplement §6).
    name: "invoice_due_dates",
    run: (db) => applyDueInvoices(db),
  },
  {
    // Static-account settlement: due payments batched at their cutoff, batches paid out to
    // wallet or bank, failed payouts retried, pending bank payouts checked. Returns payments moved.
    name: "settle_static_accounts",
    async run(db) {
      const r = await runSettlement(db);
      return r.batched + r.paid_out + r.wallet_credit + r.failed;
    },
  },
  {
    // Automatic payouts (supplement §13): each merchant's wallet above its reserve to its payout
    // account at the scheduled Lagos time, once per period (the transfer's reference), through the rails.
    name: "automatic_payouts",
    run: (db) => runDuePayouts(db),
  },
  {
    // Bulk transfers (issue 25): queued batches' rows sent as transfers under their derived
    // references (paid once whatever is retried), a bounded number of rows per pass.
    name: "bulk_transfers",
    run: (db) => processBulkBatches(db),
  },
  {
    // Reconciliation (supplement §12): after OWO_RECONCILE_AT (Lagos, default 06:00), yesterday
    // from each live rail's API, once (a failed run again after 30 minutes); operators emailed.
    name: "reconcile_rails",
    run: (db) => runDueReconciliations(db),
  },
  {
    // Approved refunds the bank has not settled yet: asked again (idempotent on the refund id).
    name: "process_refunds",
    run: (db) => processDueRefunds(db),
  },
  {
    // Due webhook attempts (first attempts nobody sent after commit, and retries), claimed
    // under a lease in bounded rounds; returns how many attempts it made.
    name: "deliver_webhooks",
    run: (db) => deliverDueEvents(db),
  },
  {
    // Email notifications (when SMTP is configured): what is due is queued once per
    // recipient, then the outbox is sent, retried with backoff while the mail server is down.
    name: "queue_notifications",
    run: (db) => queueDueNotifications(db),
  },
  {
    name: "send_notifications",
    run: (db) => sendDueNotifications(db),
  },
  {
    // Payments booked since the last fold added to their customers (migration 0033), for every
    // merchant, so the queue stays short for merchants who never open Customers; a read of the
    // Customers area folds its own merchant first in any case.
    name: "fold_customers",
    run: (db) => foldAllCustomers(db),
  },
  {
    // API request logs beyond each key's newest API_REQUEST_LOG_LIMIT (default 1000).
    name: "prune_api_request_logs",
    run: (db) => pruneRequestLogs(db),
  },
  {
    // Rotated-out webhook signing secrets whose 24-hour overlap has ended (supplement §4).
    name: "expire_previous_webhook_secrets",
    run: (db) => expirePreviousWebhookSecrets(db),
  },
];
