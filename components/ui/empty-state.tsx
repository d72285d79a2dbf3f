import type { ReactNode } from "react";
import { Card } from "./card";

/** What a list shows with nothing in it: what is missing, then (`EmptyHint`) what to do next. */
export function EmptyState({ testId, title, children }: { testId: string; title: ReactNode; children?: ReactNode }) {
  return (
    <Card className="py-12 text-center" data-testid={testId}>
      <p className="font-medium">{title}</p>
      {children}
    </Card>
  );
}

export function EmptyHint({ children }: { children: ReactNode }) {
  return <p className="mt-1 text-sm text-neutral-500">{children}</p>;
}
