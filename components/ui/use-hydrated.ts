"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs the page in the
 * browser. A button that only works with JavaScript stays disabled until then, so a click
 * (a person's or a test's) is never lost on a page that is still just HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
