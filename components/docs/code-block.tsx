import { CopyButton } from "@/components/ui/copy-button";

/** A titled block of code with a copy button; long lines scroll inside it (it takes focus for the keyboard), never the page. */
export function CodeBlock({ title, code }: { title: string; code: string }) {
  return (
    <figure className="min-w-0 overflow-hidden rounded-md ring-1 ring-neutral-200 dark:ring-neutral-800">
      <figcaption className="flex items-center justify-between gap-2 border-b border-neutral-200 bg-neutral-50 px-3 py-1 text-xs text-neutral-700 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-300">
        <span>{title}</span>
        <CopyButton value={code} label={`Copy: ${title}`} />
      </figcaption>
      <pre tabIndex={0} aria-label={title} className="overflow-x-auto bg-white p-3 font-mono text-xs leading-relaxed dark:bg-neutral-950">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
