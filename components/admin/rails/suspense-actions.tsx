"use client";

import { AssignSuspense } from "./assign-suspense";
import { ReturnSuspense } from "./return-suspense";

/**
 * An open suspense item's two ways out: assign it to a merchant (booked to its live wallet as a
 * payment) or return it to the payer (a payout through the rail that received it). Each opens a
 * confirmation restating the amount and where it goes.
 */
export function SuspenseActions({
  id,
  amount,
  rail,
  railAvailable,
  payer,
}: {
  id: string;
  /** Already formatted (₦…). */
  amount: string;
  /** The rail's display name. */
  rail: string;
  /** False when this process no longer has the rail that received it (a return would be refused). */
  railAvailable: boolean;
  payer: { name: string | null; bank: string | null; account: string | null };
}) {
  return (
    // A row of buttons on a phone's card; stacked in the table's last column from 1024 px.
    <div className="flex flex-wrap gap-2 text-left whitespace-nowrap lg:flex-col lg:items-stretch">
      <AssignSuspense id={id} amount={amount} rail={rail} />
      <ReturnSuspense id={id} amount={amount} rail={rail} payer={payer} disabled={!railAvailable} />
      {!railAvailable && (
        <p className="basis-full text-xs whitespace-normal text-neutral-500 lg:max-w-40">{rail} is not configured here, so it cannot return the money.</p>
      )}
    </div>
  );
}
