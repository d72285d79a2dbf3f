"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/** Ten recovery codes, shown this once: copy or download them, then confirm they are saved. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const text = codes.join("\n");
  return (
    <div
      className="space-y-3 rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="recovery-codes"
    >
      <p>
        <b>Save your recovery codes.</b> Each signs you in once if you lose your authenticator app. This is the only time they are shown.
      </p>
      <ol className="grid grid-cols-1 gap-1 rounded bg-white p-3 font-mono text-sm text-neutral-900 min-[360px]:grid-cols-2 dark:bg-neutral-900 dark:text-neutral-100">
        {codes.map((c) => (
          <li key={c} data-testid="recovery-code">
            {c}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1">
          Copy all <CopyButton value={text} label="Copy recovery codes" />
        </span>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`Owo recovery codes\n\n${text}\n`)}`}
          download="owo-recovery-codes.txt"
          className="inline-flex h-8 items-center rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium text-neutral-900 hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
        >
          Download
        </a>
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} data-testid="recovery-codes-saved" />I have saved these codes
      </label>
      <Button onClick={onDone} disabled={!saved} data-testid="recovery-codes-done">
        Done
      </Button>
    </div>
  );
}
