/**
 * A rail's simulator wired to this process's Owo, for the rails' integration tests: the
 * simulator (the provider's documented API, from lib/rails/<rail>/simulator.ts) answers the
 * rail's calls, and its webhooks reach Owo's real webhook route (app/api/rails/[rail]/webhook)
 * through a loopback HTTP server, exactly as a provider's would. Live mode's rails are
 * configured for this test file's process only (configureRails).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { POST as webhookPost } from "@/app/api/rails/[rail]/webhook/route";
import { getDb, queryRows } from "@/db/client";
import type { ProviderRailName, RailName } from "@/lib/rails/rail";
import { configureRails } from "@/lib/rails/router";
import { SimControlClient } from "@/lib/rails/simulator/sim-control";
import type { SimServer } from "@/lib/rails/simulator/sim-server";
import { SIMULATORS } from "@/lib/rails/simulator/simulators";

export type RailHarness = {
  rail: ProviderRailName;
  sim: SimServer;
  control: SimControlClient;
  /** Live mode's rails for this process, in order (default: the rail alone). */
  setLiveRails(live: RailName[]): void;
  close(): Promise<void>;
};

export async function startRailHarness(rail: ProviderRailName, live: RailName[] = [rail]): Promise<RailHarness> {
  const bridge = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const name = /^\/api\/rails\/([^/]+)\/webhook/.exec(req.url ?? "")?.[1] ?? "";
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const answer = await webhookPost(new Request(`http://localhost${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks).toString("utf8") }), {
        params: Promise.resolve({ rail: name }),
      });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(await answer.text());
    });
  });
  await new Promise<void>((r) => bridge.listen(0, "127.0.0.1", r));
  const bridgeUrl = `http://127.0.0.1:${(bridge.address() as AddressInfo).port}`;
  const spec = SIMULATORS[rail];
  const sim = await spec.start({ webhookUrl: `${bridgeUrl}/api/rails/${rail}/webhook` });
  const setLiveRails = (names: RailName[]) => configureRails({ live: names, ...spec.config(sim.url) });
  setLiveRails(live);
  return {
    rail,
    sim,
    control: new SimControlClient(sim.url),
    setLiveRails,
    async close() {
      configureRails();
      await sim.close();
      await new Promise<void>((r) => bridge.close(() => r()));
    },
  };
}

/** Waits until `check` answers something truthy (the webhook is processed after its answer). */
export async function until<T>(check: () => Promise<T>, what: string, timeoutMs = 5_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every stored delivery of a rail processed (nothing waiting after its answer). */
export async function deliveriesSettled(rail: string): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from rail_webhooks where rail = ${rail} and processed_at is null`);
  return row!.n === 0;
}
