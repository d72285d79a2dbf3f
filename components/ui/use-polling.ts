"use client";

import { useEffect } from "react";

/**
 * While `active`, runs `tick` (after `firstMs`, then `everyMs` after each one finishes) until
 * it resolves to false or `active` turns off. `tick` should be stable (useCallback). For
 * re-reading a server page, see AutoRefresh.
 */
export function usePolling(active: boolean, tick: () => Promise<boolean>, { everyMs, firstMs = everyMs }: { everyMs: number; firstMs?: number }) {
  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const more = await tick();
      if (!cancelled && more) timer = setTimeout(poll, everyMs);
    };
    timer = setTimeout(poll, firstMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [active, tick, everyMs, firstMs]);
}
