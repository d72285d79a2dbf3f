"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { CryptoAsset } from "@/lib/crypto-assets/catalogue";
import { formatNaira } from "@/lib/money";
import { SimulateBox } from "@/components/hosted/simulate-box";

/**
 * Card and crypto are taken on this page (supplement §3). In test mode they are simulated
 * through the sandbox; live card and crypto processing is not connected yet, so a live
 * customer is pointed to another method instead of a form that cannot work.
 */
export function CardPanel({ amount, testMode, busy, onSimulate }: { amount: number; testMode: boolean; busy: boolean; onSimulate: () => void }) {
  if (!testMode) return <Unavailable what="Card" />;
  return (
    <SimulateBox hint="No card is charged. The sandbox pays with a test Visa card (408408******4081).">
      <Button size="lg" className="w-full" onClick={onSimulate} disabled={busy} data-testid="simulate-payment">
        {busy ? "Paying…" : `Simulate card payment of ${formatNaira(amount)}`}
      </Button>
    </SimulateBox>
  );
}

export function CryptoPanel({
  amount,
  assets,
  testMode,
  busy,
  onSimulate,
}: {
  amount: number;
  assets: CryptoAsset[];
  testMode: boolean;
  busy: boolean;
  onSimulate: (asset: CryptoAsset | undefined) => void;
}) {
  const [chosen, setChosen] = useState(0);
  if (!testMode) return <Unavailable what="Crypto" />;
  return (
    <div className="space-y-3">
      {assets.length > 0 && (
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">Pay with</legend>
          <div className="grid grid-cols-2 gap-2">
            {assets.map((a, i) => (
              <label
                key={`${a.assetCode}:${a.network}`}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-neutral-200 bg-white px-3 py-2 text-sm has-checked:border-accent has-checked:ring-1 has-checked:ring-accent dark:border-neutral-700 dark:bg-neutral-900"
              >
                <input type="radio" name="crypto-asset" checked={chosen === i} onChange={() => setChosen(i)} className="accent-accent" />
                {a.displayName}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <SimulateBox hint="No crypto moves. The sandbox sends the asset's equivalent of the amount.">
        <Button size="lg" className="w-full" onClick={() => onSimulate(assets[chosen])} disabled={busy} data-testid="simulate-payment">
          {busy ? "Paying…" : `Simulate crypto payment of ${formatNaira(amount)}`}
        </Button>
      </SimulateBox>
    </div>
  );
}

function Unavailable({ what }: { what: string }) {
  return (
    <p className="rounded-lg bg-neutral-50 p-3 text-sm text-neutral-700 ring-1 ring-neutral-200 dark:bg-neutral-950 dark:text-neutral-300 dark:ring-neutral-800">
      {what} payments are not available for this checkout right now. Please choose another payment method.
    </p>
  );
}
