import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DeliveryBadge } from "@/components/webhooks/delivery-badge";
import { ResendButton } from "@/components/webhooks/resend-button";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { roleHint, rolePolicy } from "@/lib/auth/role-policy";
import { isAppError } from "@/lib/errors";
import { getEventWithAttemptsOrThrow } from "@/lib/events/get-event";
import { formatDateTime } from "@/components/ui/format-time";
import { TableScroll } from "@/components/ui/table-scroll";

export const metadata: Metadata = { title: "Event" };

export default async function EventPage({ params }: { params: Promise<{ eventId: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const { eventId } = await params;
  const found = await getEventWithAttemptsOrThrow(ctx.db, { ...ctx.scope, eventId }).catch((err) => {
    if (isAppError(err) && err.status === 404) return null;
    throw err;
  });
  if (!found) notFound();
  const { event, attempts } = found;
  const canResend = rolePolicy.manageDevelopers(ctx.role, ctx.mode);
  return (
    <div className="space-y-5">
      <Link href="/dashboard/developers/webhooks" className="text-sm text-accent hover:underline">
        ← All events
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold" data-testid="event-type">
            {event.type}
          </h1>
          <div className="mt-1 flex items-center gap-2 text-sm">
            <code className="font-mono text-xs">{event.id}</code>
            <CopyButton value={event.id} label="Copy event id" />
            <DeliveryBadge status={event.deliveryStatus} attempts={event.attempts} />
          </div>
          <p className="mt-1 text-xs text-neutral-500">
            Created <time dateTime={event.createdAt.toISOString()}>{formatDateTime(event.createdAt, { seconds: true })}</time>
            {event.nextAttemptAt && event.deliveryStatus === "pending" && event.attempts > 0 && (
              <> · next automatic attempt {formatDateTime(event.nextAttemptAt, { seconds: true })}</>
            )}
          </p>
        </div>
        {canResend ? (
          <ResendButton eventId={event.id} />
        ) : (
          <p className="text-xs text-neutral-500" data-testid="role-hint">
            {roleHint(ctx.role, "resend events", ctx.mode)}
          </p>
        )}
      </div>
      <Card className="p-0">
        <h2 className="border-b border-neutral-200 px-5 py-3 font-medium dark:border-neutral-800">Delivery attempts</h2>
        {attempts.length === 0 ? (
          <p className="px-5 py-6 text-sm text-neutral-500" data-testid="attempts-empty">
            No attempts yet.
          </p>
        ) : (
          <TableScroll label="Delivery attempts">
            <table className="w-full text-left text-sm" data-testid="attempts-table">
              <thead className="text-xs uppercase text-neutral-500">
                <tr>
                  <th className="px-5 py-2 font-medium">#</th>
                  <th className="px-5 py-2 font-medium">When</th>
                  <th className="px-5 py-2 font-medium">Trigger</th>
                  <th className="px-5 py-2 font-medium">Result</th>
                  <th className="px-5 py-2 font-medium">Duration</th>
                  <th className="px-5 py-2 font-medium">Response</th>
                </tr>
              </thead>
              <tbody>
                {attempts.map((a) => (
                  <tr key={a.id} className="border-t border-neutral-100 align-top dark:border-neutral-800" data-testid="attempt-row">
                    <td className="px-5 py-2 tabular-nums">{a.attemptNumber}</td>
                    <td className="px-5 py-2 whitespace-nowrap">{formatDateTime(a.createdAt, { seconds: true })}</td>
                    <td className="px-5 py-2 capitalize">{a.trigger}</td>
                    <td className="px-5 py-2">
                      {a.statusCode !== null ? (
                        <span className={a.statusCode >= 200 && a.statusCode < 300 ? "text-green-700" : "text-red-700"}>HTTP {a.statusCode}</span>
                      ) : (
                        <span className="text-red-700">No response</span>
                      )}
                    </td>
                    <td className="px-5 py-2 tabular-nums">{a.durationMs} ms</td>
                    <td className="max-w-md px-5 py-2">
                      {a.error && <p className="text-red-700">{a.error}</p>}
                      {a.responseSnippet && (
                        <pre className="max-h-24 overflow-auto rounded bg-neutral-50 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-neutral-950">
                          {a.responseSnippet}
                        </pre>
                      )}
                      <p className="mt-1 truncate text-xs text-neutral-500" title={a.url}>
                        {a.url}
                      </p>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Card>
      <Card className="p-0">
        <div className="flex items-center justify-between border-b border-neutral-200 px-5 py-3 dark:border-neutral-800">
          <h2 className="font-medium">Payload</h2>
          <CopyButton value={JSON.stringify({ event: event.type, data: event.data }, null, 2)} label="Copy payload" />
        </div>
        <pre className="overflow-x-auto p-5 font-mono text-xs" data-testid="event-payload">
          {JSON.stringify({ event: event.type, data: event.data }, null, 2)}
        </pre>
      </Card>
    </div>
  );
}
