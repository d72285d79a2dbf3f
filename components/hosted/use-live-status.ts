"use client";

import { useEffect, useRef } from "react";

const POLL_MS = 2_000;

/**
 * Follows a hosted page's record from the moment the page is shown (app/api/live): calls
 * `onStatus` with each status the server announces (the first is the current one). Streams
 * over server-sent events; while the stream is down (a proxy that cuts it, a browser without
 * EventSource, a server at its limit) it polls the same address every 2 s instead.
 * `path` null: nothing to follow (the page is already settled).
 */
export function useLiveStatus(path: string | null, onStatus: (status: string) => void) {
  const latest = useRef(onStatus);
  useEffect(() => {
    latest.current = onStatus;
  });

  useEffect(() => {
    if (!path) return;
    let stopped = false;
    let streaming = false;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let source: EventSource | null = null;
    const deliver = (status: unknown) => {
      if (!stopped && typeof status === "string") latest.current(status);
    };

    const poll = async () => {
      pollTimer = undefined;
      try {
        const res = await fetch(path, { headers: { accept: "application/json" }, cache: "no-store" });
        if (res.status === 404) return; // the record is gone: nothing more to follow
        if (res.ok) deliver(((await res.json()) as { status?: unknown }).status);
      } catch {
        /* offline for a moment: try again */
      }
      schedulePoll();
    };
    const schedulePoll = () => {
      if (!stopped && !streaming && pollTimer === undefined) pollTimer = setTimeout(() => void poll(), POLL_MS);
    };

    if (typeof EventSource === "undefined") schedulePoll();
    else {
      source = new EventSource(path);
      source.onopen = () => {
        streaming = true;
        clearTimeout(pollTimer);
        pollTimer = undefined;
      };
      source.onmessage = (e) => {
        try {
          deliver((JSON.parse(e.data as string) as { status?: unknown }).status);
        } catch {
          /* not ours */
        }
      };
      source.addEventListener("busy", () => {
        source?.close();
        source = null;
        streaming = false;
        schedulePoll();
      });
      source.onerror = () => {
        streaming = false;
        if (source?.readyState === EventSource.CLOSED) source = null;
        schedulePoll();
      };
    }
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(pollTimer);
    };
  }, [path]);
}
