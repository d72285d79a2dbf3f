import type { ReactNode } from "react";
import { Card } from "./card";
import { DateTime } from "./date-time";

/** One step of a record's timeline: what happened, an optional detail, and when. */
export type TimelineEntry = { key: string | number; title: ReactNode; detail?: ReactNode; at: Date | string; type?: string };

/**
 * The Timeline card of a record page (sessions, invoices, PayIDs, virtual accounts, admin
 * refunds): one look everywhere, oldest first as given, the time in Lagos with seconds.
 * `testId` names the list, `entryTestId` each step (with `data-type` when the step has one).
 */
export function TimelineCard({
  entries,
  testId,
  entryTestId,
  empty = "Nothing yet.",
}: {
  entries: TimelineEntry[];
  testId: string;
  entryTestId?: string;
  empty?: string;
}) {
  return (
    <Card className="p-0">
      <h2 className="border-b border-neutral-200 px-5 py-3 font-medium dark:border-neutral-800">Timeline</h2>
      {entries.length === 0 ? (
        <p className="px-5 py-4 text-sm text-neutral-500">{empty}</p>
      ) : (
        <ol className="divide-y divide-neutral-100 text-sm dark:divide-neutral-800" data-testid={testId}>
          {entries.map((e) => (
            <li key={e.key} className="flex flex-wrap items-baseline justify-between gap-2 px-5 py-2" data-testid={entryTestId} data-type={e.type}>
              <span>
                {e.title}
                {e.detail && <span className="ml-2 text-xs text-neutral-500">{e.detail}</span>}
              </span>
              <DateTime at={e.at} seconds className="whitespace-nowrap text-xs text-neutral-500" />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
