import type { ReactNode } from "react";
import { formatNaira, koboToNaira } from "@/lib/money";
import { cn } from "@/components/ui/cn";
import { DetailItem } from "./detail-item";

/**
 * Bank transfer on a hosted page (checkout, invoice): what to send, the bank first (it varies
 * per account), the number large, copy buttons, then how long the account works. `amount`
 * null: the payer chooses (an invoice taking part payments before one is typed).
 */
export function BankAccountPanel({
  account,
  amount,
  exact = false,
  amountLabel = "Amount",
  expiry,
  testIdPrefix = "",
  className,
  children,
}: {
  account: { bankName: string; accountNumber: string; accountName: string };
  amount: number | null;
  /** Say "exactly": the amount rule accepts nothing else. */
  exact?: boolean;
  amountLabel?: string;
  /** The sentence about the time left (with its Countdown), when the account expires. */
  expiry?: ReactNode;
  /** Prefix of the data-testid of each value ("invoice-" on the invoice page). */
  testIdPrefix?: string;
  className?: string;
  children?: ReactNode;
}) {
  const id = (name: string) => `${testIdPrefix}${name}`;
  return (
    <div className={cn("space-y-4", className)}>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {amount !== null ? (
          <>
            Transfer{" "}
            <strong className="text-neutral-900 dark:text-neutral-100">
              {exact ? "exactly " : ""}
              {formatNaira(amount)}
            </strong>{" "}
            from your bank app to this account.
          </>
        ) : (
          "Transfer the amount you want to pay from your bank app to this account."
        )}
      </p>
      <dl className="divide-y divide-neutral-100 rounded-lg bg-neutral-50 ring-1 ring-neutral-200 dark:divide-neutral-800 dark:bg-neutral-950 dark:ring-neutral-800">
        <DetailItem label="Bank">
          <span className="text-lg font-semibold break-words" data-testid={id("bank-name")}>
            {account.bankName}
          </span>
        </DetailItem>
        <DetailItem label="Account number" copy={{ value: account.accountNumber, label: "Copy account number" }}>
          <span className="font-mono text-2xl font-bold tracking-wider" data-testid={id("account-number")}>
            {account.accountNumber}
          </span>
        </DetailItem>
        <DetailItem label="Account name">
          <span className="font-medium break-words" data-testid={id("account-name")}>
            {account.accountName}
          </span>
        </DetailItem>
        {amount !== null && (
          <DetailItem label={amountLabel} copy={{ value: koboToNaira(amount), label: "Copy amount" }}>
            <span className="font-semibold tabular-nums" data-testid={id("send-amount")}>
              {formatNaira(amount)}
            </span>
          </DetailItem>
        )}
      </dl>
      {expiry && <p className="text-sm text-neutral-600 dark:text-neutral-400">{expiry}</p>}
      {children}
    </div>
  );
}
