"use client";

import { CopyButton } from "@/components/ui/copy-button";

/** A secret in a monospace box with a copy button. */
export function SecretValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <p className="mb-1 text-xs font-medium text-neutral-500">{label}</p>
      <div className="flex items-center gap-1 rounded-md border border-neutral-200 bg-neutral-50 px-2 py-1.5 dark:border-neutral-800 dark:bg-neutral-950">
        <code data-testid={testId} className="min-w-0 flex-1 break-all font-mono text-xs">
          {value}
        </code>
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}
