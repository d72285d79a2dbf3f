// The webhook receiver the webhooks scenario delivers to: a process of its own (so neither
// autocannon nor the floor's sender shares its event loop), keeping connections alive,
// answering every POST 200 at once, or after 2 s on paths under /slow (the slow receiver of
// the scenario's second row), and noting when each `webhook-id` arrived (ms since the epoch,
// sub-millisecond), in arrival order. The parent (fork with IPC) asks for the receipts with
// "take", which also clears them.
import http from "node:http";

/** How long a receiver under /slow takes to answer. */
export const SLOW_ANSWER_MS = 2_000;

type Receipt = [id: string, atMs: number, path: string];
let receipts: Receipt[] = [];
const now = () => performance.timeOrigin + performance.now();

const server = http.createServer((req, res) => {
  const at = now();
  const id = String(req.headers["webhook-id"] ?? "");
  const path = req.url ?? "";
  req.resume();
  req.on("end", () => {
    if (req.method === "POST" && id) receipts.push([id, at, path]);
    const answer = () => {
      res.writeHead(200, { "content-type": "text/plain", "content-length": "2" });
      res.end("ok");
    };
    if (path.startsWith("/slow")) setTimeout(answer, SLOW_ANSWER_MS);
    else answer();
  });
});
server.keepAliveTimeout = 5_000;

if (process.send) {
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.send!({ port: typeof address === "object" && address ? address.port : 0 });
  });

  process.on("message", (message: { cmd: string }) => {
    if (message.cmd === "take") {
      const taken = receipts;
      receipts = [];
      process.send!({ receipts: taken });
    } else if (message.cmd === "count") {
      process.send!({ count: receipts.length });
    } else if (message.cmd === "stop") {
      server.close();
      process.exit(0);
    }
  });
  process.on("disconnect", () => process.exit(0));
}
