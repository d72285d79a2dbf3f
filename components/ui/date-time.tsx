import type { ReactNode } from "react";
import { formatDateTime } from "./format-time";

/**
 * A time as merchants read it (Africa/Lagos) with the exact ISO time on hover (DESIGN.md).
 * `children` replaces the shown text (a relative hint, say); `title` replaces the hover text.
 * No time (a step that has not happened) shows a dash.
 */
export function DateTime({
  at,
  seconds,
  className,
  title,
  children,
}: {
  at: Date | string | null;
  seconds?: boolean;
  className?: string;
  title?: string;
  children?: ReactNode;
}) {
  if (at === null) return <>—</>;
  const iso = typeof at === "string" ? at : at.toISOString();
  return (
    <time className={className} dateTime={iso} title={title ?? iso}>
      {children ?? formatDateTime(at, { seconds })}
    </time>
  );
}
