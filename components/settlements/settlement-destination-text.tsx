import type { SettlementSettings } from "@/lib/settlement/settlement-settings";

/** Where this mode's payouts go, in one sentence (the Settlements page and Settings → Settlement destination). */
export function SettlementDestinationText({ settings }: { settings: SettlementSettings }) {
  return (
    <p className="text-sm" data-testid="settlement-destination-current">
      {settings.destination === "wallet" ? (
        <>
          Payouts are credited to your wallet
          {settings.walletPayId ? (
            <>
              {" "}
              <span className="font-mono">@{settings.walletPayId}</span>
            </>
          ) : null}
          .
        </>
      ) : (
        <>
          Payouts are sent to <b>{settings.accountName}</b>, <span className="font-mono">{settings.accountNumber}</span> at{" "}
          {settings.bankName ?? settings.bankCode}.
        </>
      )}
    </p>
  );
}
