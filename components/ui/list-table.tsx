import type { HTMLAttributes, ReactNode } from "react";
import { Card } from "./card";
import { TableScroll } from "./table-scroll";

/**
 * The table of a dashboard list (DESIGN.md: "what, how much, who, when, state"): a card that
 * scrolls sideways on a phone, the table (`ListHead` and a `tbody` as children) and a footer,
 * usually `Paging`.
 */
export function ListTable({ testId, footer, children }: { testId: string; footer?: ReactNode; children: ReactNode }) {
  return (
    <Card className="overflow-hidden p-0">
      <TableScroll>
        <table className="w-full text-left text-sm" data-testid={testId}>
          {children}
        </table>
      </TableScroll>
      {footer}
    </Card>
  );
}

export function ListHead({ children }: { children: ReactNode }) {
  return (
    <thead className="text-xs uppercase text-neutral-500">
      <tr>{children}</tr>
    </thead>
  );
}

/** A column heading; amounts and counts are `right`-aligned. */
export function Th({ right, children }: { right?: boolean; children?: ReactNode }) {
  return <th className={right ? "px-4 py-2 text-right font-medium" : "px-4 py-2 font-medium"}>{children}</th>;
}

/** A row that leads somewhere: highlighted under the pointer. */
export function Row(props: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className="border-t border-neutral-100 hover:bg-neutral-50 dark:border-neutral-800 dark:hover:bg-neutral-900" {...props} />;
}
