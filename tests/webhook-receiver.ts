import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: number;
};

/** What the receiver answers to the n-th request (0-based). `delayMs` holds the answer back, `until` until it resolves. */
export type Reply = { status?: number; body?: string; headers?: Record<string, string>; delayMs?: number; until?: Promise<unknown> };
export type Responder = (req: ReceivedWebhook, n: number) => Reply;

export type WebhookReceiver = {
  /** `http://127.0.0.1:<port>/hook` */
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** TCP connections accepted, requests or not (a refused delivery must not even connect). */
  connections: () => number;
  /** Changes what later requests get (default: 200 "ok"). */
  respond: (responder: Responder) => void;
  /** Waits until at least `count` requests arrived; throws after `timeoutMs`. */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
};

/** A real HTTP server on a free loopback port that records every webhook it is sent. */
export async function startWebhookReceiver(responder: Responder = () => ({ status: 200, body: "ok" })): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let current = responder;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const hook: ReceivedWebhook = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      };
      const n = received.length;
      received.push(hook);
      const reply = current(hook, n);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { "content-type": "text/plain", ...reply.headers });
        res.end(reply.body ?? "");
      };
      if (reply.until) void reply.until.then(send, send);
      else if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  let connections = 0;
  server.on("connection", () => void connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    connections: () => connections,
    respond: (r) => {
      current = r;
    },
    async waitFor(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${count} webhooks in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
