// The production server (npm start and the test instances run it instead of `next start`):
// Next's request handler behind node:http, so the app can know who it is talking to. Next's own
// server keeps a client-sent X-Forwarded-For as is, and route handlers never see the socket;
// here every request's PEER_HEADER is overwritten with the TCP peer's address before Next sees
// it (lib/client-ip.ts reads it). Usage: tsx scripts/serve.ts [-p PORT] [-H HOSTNAME]
import http from "node:http";
import { parseArgs } from "node:util";
import next from "next";
import { PEER_HEADER } from "@/lib/client-ip";
import { startDeliveryThread } from "@/lib/events/delivery-thread";

const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOSTNAME ?? "localhost";

(process.env as Record<string, string>).NODE_ENV = "production";
const app = next({ dev: false, dir: process.cwd(), hostname, port });
const handle = app.getRequestHandler();

async function main() {
  // With PostgreSQL, webhooks are delivered on a thread of their own (the embedded database
  // serves this thread only). OWO_DELIVERY_THREAD=off keeps them on the request thread.
  if (process.env.DATABASE_URL && process.env.OWO_DELIVERY_THREAD !== "off") startDeliveryThread(new URL("./delivery-thread.mjs", import.meta.url));
  await app.prepare();
  const server = http.createServer((req, res) => {
    // Whatever the client sent under this name is dropped: only the socket says who it is.
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
    handle(req, res).catch((err: unknown) => {
      console.error("request failed", err);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  // Like `next start`: connections kept alive a little longer than common load balancers'.
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => console.log(`  ▲ Owo listening on http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`));
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      server.close();
      void app.close().finally(() => process.exit(0));
    });
  }
}

main().catch((err: unknown) => {
  console.error(`the server failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
