/**
 * GET /v1/inline.js (supplement §7): a shop page loads this script and opens an Owo checkout
 * over itself. `Owo.checkout(options)`, and for pages written for ZevPay's inline script
 * `new ZevPay.ZevPayCheckout().checkout(options)`.
 *
 * 1. POST /v1/checkout/session/initialize with the page's public key, from the page's own
 *    origin (the key's allowed domains apply; the same `reference` reuses the active session).
 * 2. The hosted checkout (/pay/<id>?embed=1&parent=<this page's origin>) in an overlay.
 * 3. Messages only from the app's origin and that very frame. The hosted page sends
 *    "owo:success" only once the server has recorded the payment (its own verify poll, never
 *    the customer's click), with the server's record: onSuccess is called with it, once.
 *    (Not a second verify from here: a same-origin GET carries no Origin header, so a key with
 *    allowed domains could not verify from a page on the app's own origin, e.g. the dashboard.)
 *
 * Built to one minified file by client/inline/build.ts (dependency-free).
 */
import { oneOutcome } from "./once";
import { apiError, initializeBody, OptionsError, successResponse, type InlineError, type InlineOptions, type InlineSuccess } from "./options";
import { openOverlay, type Overlay } from "./overlay";

/** Where this script was loaded from: the app's origin (its API and hosted pages). */
function appOrigin(): string {
  const current = document.currentScript as HTMLScriptElement | null;
  const src =
    current?.src ||
    Array.from(document.querySelectorAll<HTMLScriptElement>("script[src]"))
      .map((s) => s.src)
      .find((s) => /\/v1\/inline\.js(\?|$)/.test(s));
  return new URL(src || location.href).origin;
}

const APP = appOrigin();

async function api(path: string, apiKey: string, init: RequestInit = {}): Promise<{ status: number; payload: unknown }> {
  try {
    const res = await fetch(APP + path, {
      ...init,
      headers: { "content-type": "application/json", "x-api-key": apiKey },
      credentials: "omit",
      mode: "cors",
    });
    return { status: res.status, payload: await res.json().catch(() => null) };
  } catch {
    return { status: 0, payload: null };
  }
}

const dataOf = (payload: unknown): Record<string, unknown> | null => {
  const d = payload && typeof payload === "object" ? (payload as { data?: unknown }).data : null;
  return d && typeof d === "object" ? (d as Record<string, unknown>) : null;
};

/** The checkout open on this page, if any (one at a time). */
let open: { overlay: Overlay; end(): void } | null = null;

/** Opens one checkout; a second call while one is open is refused with onError. */
async function checkout(options: InlineOptions): Promise<void> {
  const outcome = oneOutcome<InlineSuccess, InlineError>({
    onSuccess: options?.onSuccess,
    onClose: options?.onClose,
    onError: options?.onError,
  });
  if (open) {
    outcome.error({ code: "CHECKOUT_OPEN", message: "A checkout is already open on this page." });
    return;
  }
  let body;
  try {
    body = initializeBody(options);
  } catch (err) {
    outcome.error({ code: err instanceof OptionsError ? err.code : "VALIDATION_ERROR", message: (err as Error).message });
    return;
  }
  const apiKey = options.apiKey.trim();
  const init = await api("/v1/checkout/session/initialize", apiKey, { method: "POST", body: JSON.stringify(body) });
  const session = dataOf(init.payload);
  if (init.status !== 200 && init.status !== 201) return void outcome.error(apiError(init.status, init.payload));
  if (!session || typeof session.session_id !== "string") return void outcome.error(apiError(init.status, null));
  if (open) return void outcome.error({ code: "CHECKOUT_OPEN", message: "A checkout is already open on this page." });
  const sessionId = session.session_id;

  const src = `${APP}/pay/${encodeURIComponent(sessionId)}?embed=1&parent=${encodeURIComponent(location.origin)}`;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(closeTimer);
    window.removeEventListener("message", onMessage);
    overlay.remove();
    open = null;
  };
  const requestClose = () => {
    end();
    outcome.close(); // nothing when the payment already succeeded
  };
  const onMessage = (e: MessageEvent) => {
    if (e.origin !== APP || e.source !== overlay.iframe.contentWindow) return;
    const msg = e.data as { type?: unknown; payment?: unknown } | null;
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "owo:success" && msg.payment && typeof msg.payment === "object") {
      const success = successResponse(msg.payment as Record<string, unknown>);
      // The payment shows a moment in the frame, then the overlay goes (or on Done / close).
      if (success?.session_id === sessionId && outcome.success(success)) closeTimer = setTimeout(end, 2000);
    } else if (msg.type === "owo:close") requestClose();
  };
  window.addEventListener("message", onMessage);
  const overlay = openOverlay(src, requestClose);
  open = { overlay, end };
}

/** ZevPay's inline script shape: `new ZevPay.ZevPayCheckout().checkout(options)`. */
class ZevPayCheckout {
  checkout(options: InlineOptions): Promise<void> {
    return checkout(options);
  }
}

type OwoGlobal = { checkout: typeof checkout; version: string };
const w = window as unknown as { Owo?: OwoGlobal; ZevPay?: { ZevPayCheckout: typeof ZevPayCheckout } };
w.Owo = { checkout, version: "1" };
w.ZevPay = { ...(w.ZevPay ?? {}), ZevPayCheckout };
