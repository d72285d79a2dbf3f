"use client";

import { useEffect } from "react";

/** The messages the hosted checkout sends the inline script's page (client/inline/inline.ts). */
export type EmbedMessage = { type: "owo:success"; session_id: string; reference: string } | { type: "owo:close"; session_id: string };

/** Posts to the shop page, and only to the origin the server accepted for it (never "*"). */
export function postToParent(parentOrigin: string, message: EmbedMessage) {
  if (window.parent !== window) window.parent.postMessage(message, parentOrigin);
}

/**
 * The hosted checkout inside the inline overlay. When the server has said the session is
 * completed (the verify poll, never the customer's own click), the shop page is told
 * "owo:success"; it checks with the API itself before calling onSuccess. Esc inside the frame
 * (the shop page cannot see those keys) asks it to close.
 */
export function EmbedBridge({ parentOrigin, sessionId, reference, completed }: { parentOrigin: string; sessionId: string; reference: string; completed: boolean }) {
  useEffect(() => {
    if (completed) postToParent(parentOrigin, { type: "owo:success", session_id: sessionId, reference });
  }, [completed, parentOrigin, sessionId, reference]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") postToParent(parentOrigin, { type: "owo:close", session_id: sessionId });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [parentOrigin, sessionId]);
  return null;
}
