"use client";

import { useSyncExternalStore } from "react";
import { Toaster as Sonner } from "sonner";

/** Sonner's own phone breakpoint: at or below it a toast spans the screen's width. */
const PHONE = "(max-width: 600px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * The app's one toaster (DESIGN.md: a toast for every completed action). Top right on a wide
 * screen; on a phone, where a toast spans the whole width, at the bottom, so it never lies over
 * the header (its menu, mode switch and "Sign out") while it shows, or while a finger rests on
 * it and holds it open.
 */
export function Toaster() {
  const phone = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
  return <Sonner richColors position={phone ? "bottom-center" : "top-right"} />;
}
