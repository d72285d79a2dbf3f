import { CopyButton } from "@/components/ui/copy-button";

/** One labelled line of payment details on a hosted page, with an optional copy button. */
export function DetailItem({ label, children, copy }: { label: string; children: React.ReactNode; copy?: { value: string; label: string } }) {
  return (
    <div className="flex items-center justify-between gap-3 px-3 py-2.5">
      <div className="min-w-0">
        <dt className="text-xs text-neutral-500">{label}</dt>
        <dd className="mt-0.5">{children}</dd>
      </div>
      {copy && <CopyButton value={copy.value} label={copy.label} className="h-10 w-10 shrink-0" />}
    </div>
  );
}
