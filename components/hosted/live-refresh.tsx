"use client";

import { useRouter } from "next/navigation";
import { useLiveStatus } from "./use-live-status";

/**
 * For a hosted page rendered on the server (the PayID page): re-renders it when its record's
 * live status moves away from `status`, the one it was rendered with.
 */
export function LiveRefresh({ path, status }: { path: string; status: string }) {
  const router = useRouter();
  useLiveStatus(path, (now) => {
    if (now !== status) router.refresh();
  });
  return null;
}
