import type { ReactNode } from "react";
import "./hosted.css";

/** The frame of every page a customer pays on: phone-first column, test-mode banner, footer. */
export function HostedShell({ testMode, embedded = false, children }: { testMode: boolean; embedded?: boolean; children: ReactNode }) {
  return (
    <div data-hosted-page data-embedded={embedded ? "" : undefined} className="flex min-h-dvh flex-col bg-neutral-100 dark:bg-neutral-950">
      {testMode && <TestModeBanner />}
      {/* In the inline overlay: room at the top for its close button, no big margins. */}
      <main className={`mx-auto w-full max-w-md flex-1 px-3 ${embedded ? "pt-12 pb-4 sm:px-4" : "py-5 sm:px-4 sm:py-10"}`}>{children}</main>
      <footer className="pb-6 text-center text-xs text-neutral-600 dark:text-neutral-400">Payments by Owo</footer>
    </div>
  );
}

export function TestModeBanner() {
  return (
    <div data-testid="test-mode-banner" className="bg-amber-400 px-3 py-1.5 text-center text-sm font-semibold text-amber-950">
      Test mode · no real money moves
    </div>
  );
}

/** The white card the steps sit on. */
export function HostedCard({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-xl bg-white p-4 shadow-sm ring-1 ring-neutral-200 sm:p-6 dark:bg-neutral-900 dark:ring-neutral-800 ${className}`}>{children}</section>;
}
