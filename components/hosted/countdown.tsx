"use client";

import { useEffect, useRef, useState } from "react";

/** "29:41" (or "1:02:05") until `expiresAt`; calls onExpire once when it reaches zero. */
export function Countdown({ expiresAt, serverNow, onExpire }: { expiresAt: string; serverNow: number; onExpire?: () => void }) {
  const end = new Date(expiresAt).getTime();
  // The server's clock for the first paint; the browser's from then on.
  const [now, setNow] = useState(serverNow);
  const fired = useRef(false);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, Math.floor((end - now) / 1000));
  useEffect(() => {
    if (left === 0 && !fired.current) {
      fired.current = true;
      onExpire?.();
    }
  }, [left, onExpire]);
  const urgent = left < 120;
  return (
    <span className={`tabular-nums font-medium ${urgent ? "text-red-600" : ""}`} data-testid="countdown" suppressHydrationWarning>
      {format(left)}
    </span>
  );
}

function format(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
