"use client";

import { useEffect } from "react";
import type { EmbedPayment } from "@/lib/hosted/embed-payment";

/** The messages the hosted checkout sends the inline script's page (client/inline/inline.ts). */
export type EmbedMessage = { type: "owo:success"; payment: EmbedPayment } | { type: "owo:close"; session_id: string };

/** Posts to the shop page, and only to the origin the server accepted for it (never "*"). */
export function postToParent(parentOrigin: string, message: EmbedMessage) {
  if (window.parent !== window) window.parent.postMessage(message, parentOrigin);
}

/**
 * The hosted checkout inside the inline overlay. Once the server has said the session is
 * completed (the verify poll or the page's own load, never the customer's click) the shop page
 * is told "owo:success" with the server's payment record. Esc inside the frame (the shop page
 * cannot see those keys) asks it to close.
 */
export function EmbedBridge({ parentOrigin, sessionId, payment }: { parentOrigin: string; sessionId: string; payment: EmbedPayment | null }) {
  useEffect(() => {
    if (payment) postToParent(parentOrigin, { type: "owo:success", payment });
  }, [payment, parentOrigin]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") postToParent(parentOrigin, { type: "owo:close", session_id: sessionId });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [parentOrigin, sessionId]);
  return null;
}
