// GET /api/live/:kind/:id – a hosted page's live status (issue 26 item 1): the checkout
// (session), the invoice page (invoice) or the PayID page (payid). Server-sent events: the
// current status at once, then each change within moments of its commit (LISTEN/NOTIFY
// through the process's one hub, never a database connection per page). With
// `Accept: application/json` it answers the status once: the page's polling fallback.
// Public like the pages: the id in their address is the capability, and the status is only
// what the page itself shows.
import { liveKey } from "@/lib/hosted/live-keys";
import { liveStatusHub } from "@/lib/hosted/live-status-hub";

export const dynamic = "force-dynamic";

/** A comment line keeps proxies from closing an idle stream. */
const PING_MS = 20_000;
/** Streams end after this; EventSource reconnects by itself (and gets the current status). */
const MAX_STREAM_MS = 10 * 60_000;

const NO_STORE = { "cache-control": "no-store" };
const failure = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  Response.json({ success: false, error: { code, message } }, { status, headers: { ...NO_STORE, ...headers } });

export async function GET(req: Request, { params }: { params: Promise<{ kind: string; id: string }> }) {
  const { kind, id } = await params;
  const key = liveKey(kind, decodeURIComponent(id));
  if (!key) return failure(404, "NOT_FOUND", "Not found");
  const hub = liveStatusHub();
  const current = await hub.read(key);
  if (current === null) return failure(404, "NOT_FOUND", "Not found");
  if (!(req.headers.get("accept") ?? "").includes("text/event-stream")) return Response.json({ status: current }, { headers: NO_STORE });

  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const send = (status: string) => write(`data: ${JSON.stringify({ status })}\n\n`);
      const unsubscribe = hub.subscribe(key, current, send);
      const ping = setInterval(() => write(": ping\n\n"), PING_MS);
      const end = setTimeout(() => stop(), MAX_STREAM_MS);
      stop = () => {
        if (closed) return;
        closed = true;
        clearInterval(ping);
        clearTimeout(end);
        unsubscribe?.();
        req.signal.removeEventListener("abort", stop);
        try {
          controller.close();
        } catch {
          /* already closed by the client */
        }
      };
      req.signal.addEventListener("abort", stop);
      // Reconnect after 2 s; a full hub (null) tells the page to poll instead of streaming.
      write("retry: 2000\n\n");
      if (!unsubscribe) {
        write(`event: busy\ndata: {}\n\n`);
        stop();
        return;
      }
      send(current);
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: Next's compression would otherwise buffer the stream.
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
