import type { HTMLAttributes, ReactNode } from "react";
import { Card } from "./card";
import { TableScroll } from "./table-scroll";

/**
 * The table of a dashboard list (DESIGN.md: "what, how much, who, when, state"): a card holding
 * the table (`ListHead` and a `tbody` as children) and a footer, usually `Paging`.
 *
 * Below 768 px (DESIGN.md "On a phone") each row is a card instead (`list-cards` in
 * app/globals.css): the cells that declare a phone role (`data-phone`, `PhoneRole`) take their places in it:
 * the name and amount on the first line, status and date on the second, the other cells below,
 * so nothing that matters needs sideways scrolling. From 768 px it is a table that scrolls
 * inside its box, with a fade at the edge that has more.
 */
export function ListTable({ testId, footer, children }: { testId: string; footer?: ReactNode; children: ReactNode }) {
  return (
    <Card className="overflow-hidden p-0">
      <TableScroll>
        <table className="list-cards w-full text-left text-sm" data-testid={testId}>
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

/**
 * Where a cell goes when a row becomes a card on a phone, declared on the cell as
 * `data-phone`: `primary` (who or what, top left), `amount` (top right), `status` (second line,
 * left), `date` (second line, right), `hide` (left out: it repeats what the card already shows).
 * A cell without one is a full-width line under them, introduced by its `data-label` (the
 * column's heading) when it has one.
 */
export type PhoneRole = "primary" | "amount" | "status" | "date" | "hide";
