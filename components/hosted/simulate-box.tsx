import type { ReactNode } from "react";

/** The test-mode-only area for paying through the sandbox bank; clearly not part of a real checkout. */
export function SimulateBox({ children, hint }: { children: ReactNode; hint: string }) {
  return (
    <div className="rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-3 dark:bg-amber-950/30" data-testid="simulate-box">
      <p className="text-xs font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-300">Test mode</p>
      <p className="mt-0.5 mb-2 text-sm text-amber-900 dark:text-amber-200">{hint}</p>
      {children}
    </div>
  );
}
