"use client";

import { signOutSessionAction } from "@/lib/actions/security";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { useToastAction } from "@/components/ui/use-toast-action";

type Row = { id: string; userAgent: string | null; ip: string | null; createdAt: string; lastSeenAt: string; current: boolean };

/** "Chrome on Android" from a user-agent: enough to tell one's own devices apart. */
export function describeDevice(ua: string | null): string {
  if (!ua) return "Unknown browser";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\//.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : "A browser";
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  return os ? `${browser} on ${os}` : browser;
}

/** Settings → Security: where you are signed in; any other session can be signed out (it ends on its next request). */
export function ActiveSessions({ sessions }: { sessions: Row[] }) {
  const signOut = useToastAction(signOutSessionAction, { success: "Session signed out", refresh: true });
  return (
    <section className="space-y-3" data-testid="active-sessions">
      <h2 className="font-medium">Where you are signed in</h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Sign out a device you do not recognise or no longer use. Changing your password signs out all of them.
      </p>
      <ul className="max-w-2xl divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900">
        {sessions.length === 0 && <li className="p-4 text-sm text-neutral-600 dark:text-neutral-400">No other sessions.</li>}
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="session-row" data-current={s.current ? "" : undefined}>
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                {describeDevice(s.userAgent)}
                {s.current && <span className="ml-2 rounded bg-accent px-1.5 py-0.5 text-xs font-medium text-white">This device</span>}
              </p>
              <p className="text-neutral-600 dark:text-neutral-400">
                {s.ip ? `${s.ip} · ` : ""}signed in <DateTime at={s.createdAt} /> · last active <DateTime at={s.lastSeenAt} />
              </p>
            </div>
            {!s.current && (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={signOut.isPending}
                onClick={() => signOut.execute({ sessionId: s.id })}
                data-testid="session-sign-out"
              >
                Sign this device out
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
