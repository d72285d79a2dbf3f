/**
 * The frame every provider simulator runs in (`npx owo rails simulate <rail> --port N`, and
 * the tests): a node:http server that serves the provider's documented endpoints from memory
 * (each simulator's routes), sends webhooks signed as the provider signs them, and takes the
 * control calls of lib/rails/simulator/sim-control.ts under `/__sim/`.
 *
 * Development and tests only: it holds no real money and listens on loopback.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type SimRequest = {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  /** The parsed JSON body ({} when empty or not JSON). */
  body: Record<string, unknown>;
};

export type SimReply = { status: number; body: unknown };

export type SimRoute = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** `/transfer/:code` style: `:name` segments become params. */
  path: string;
  /** When false the route needs no authorization (login endpoints). Default true. */
  auth?: boolean;
  handle(req: SimRequest): SimReply | Promise<SimReply>;
};

/** A provider-specific control call (`/__sim/<name>`). */
export type SimControl = (body: Record<string, unknown>) => unknown | Promise<unknown>;

export type SimDefinition = {
  /** The provider's name, for messages. */
  name: string;
  routes: SimRoute[];
  /** null when the request is authorized, else the provider's documented 401 answer. */
  authorize(req: SimRequest): SimReply | null;
  /** Headers that sign a webhook body exactly as the provider does. */
  sign(rawBody: string): Record<string, string>;
  /** Headers of a forged delivery (a wrong signature). */
  forge(rawBody: string): Record<string, string>;
  /** Provider-specific control calls: pay, settle a transfer, expire the token… */
  controls: Record<string, SimControl>;
};

export type RecordedCall = {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: unknown;
  status: number;
  response: unknown;
  at: string;
};
export type SentWebhook = { rawBody: string; headers: Record<string, string>; status: number | null };

export type FailNext = {
  /** Only a call whose path contains this (default: any call outside /__sim). */
  pathContains?: string;
  /** Only a call whose path ends with this (`/transfer`, not `/transferrecipient`). */
  pathEndsWith?: string;
  /** Only a call of this method. */
  method?: string;
  /** Answer this status (default 500) with the provider's error shape. */
  status?: number;
  /** Hold the answer this long and then drop the connection (a timeout at the caller). */
  timeoutMs?: number;
  /** Carry the request out first, then fail the answer (the provider took it; the caller cannot know). */
  afterAccept?: boolean;
};

export type SimServer = {
  url: string;
  port: number;
  /** Where webhooks go; changeable with POST /__sim/config. */
  webhookUrl: string | null;
  calls: RecordedCall[];
  webhooks: SentWebhook[];
  /** Signs and posts a webhook body to webhookUrl; resolves with the receiver's status. */
  sendWebhook(payload: unknown, opts?: { forged?: boolean; rawBody?: string; headers?: Record<string, string> }): Promise<number | null>;
  close(): Promise<void>;
};

export async function startSimServer(def: SimDefinition, opts: { port?: number; host?: string; webhookUrl?: string | null } = {}): Promise<SimServer> {
  const calls: RecordedCall[] = [];
  const webhooks: SentWebhook[] = [];
  const failures: FailNext[] = [];
  const routes = def.routes.map((r) => ({ ...r, match: compile(r.path) }));

  const sim: SimServer = {
    url: "",
    port: 0,
    webhookUrl: opts.webhookUrl ?? null,
    calls,
    webhooks,
    async sendWebhook(payload, o = {}) {
      const rawBody = o.rawBody ?? JSON.stringify(payload);
      const headers = { "content-type": "application/json", ...(o.forged ? def.forge(rawBody) : def.sign(rawBody)), ...o.headers };
      const record: SentWebhook = { rawBody, headers, status: null };
      webhooks.push(record);
      if (!sim.webhookUrl) return null;
      try {
        const res = await fetch(sim.webhookUrl, { method: "POST", headers, body: rawBody, signal: AbortSignal.timeout(15_000) });
        await res.arrayBuffer();
        record.status = res.status;
      } catch {
        record.status = null;
      }
      return record.status;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const builtIn: Record<string, SimControl> = {
    "fail-next": (b) => {
      failures.push({
        pathContains: str(b.path_contains),
        pathEndsWith: str(b.path_ends_with),
        method: str(b.method)?.toUpperCase(),
        status: num(b.status),
        timeoutMs: num(b.timeout_ms),
        afterAccept: b.after_accept === true,
      });
      return { queued: failures.length };
    },
    config: (b) => {
      if (typeof b.webhook_url === "string") sim.webhookUrl = b.webhook_url;
      return { webhook_url: sim.webhookUrl };
    },
    requests: () => ({ calls }),
    webhooks: () => ({ webhooks }),
    "webhooks/replay-last": async () => {
      const last = webhooks.at(-1);
      if (!last) return { status: null };
      return { status: await sim.sendWebhook(null, { rawBody: last.rawBody, headers: last.headers }) };
    },
    "webhooks/forge": async (b) => {
      const last = webhooks.at(-1);
      const rawBody = b.body !== undefined ? JSON.stringify(b.body) : (last?.rawBody ?? "{}");
      return { status: await sim.sendWebhook(null, { rawBody, forged: true }) };
    },
    // The last delivery's body re-encoded (other whitespace, same JSON) under its original signature.
    "webhooks/reencode": async () => {
      const last = webhooks.at(-1);
      if (!last) return { status: null };
      const rawBody = JSON.stringify(JSON.parse(last.rawBody), null, 2);
      return { status: await sim.sendWebhook(null, { rawBody, headers: last.headers }) };
    },
    "webhooks/send": async (b) => ({ status: await sim.sendWebhook(b.body) }),
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://sim");
    let body: Record<string, unknown> = {};
    try {
      const parsed = rawBody ? JSON.parse(rawBody) : {};
      if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
    } catch {
      body = {};
    }
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };

    if (url.pathname.startsWith("/__sim/")) {
      const name = url.pathname.slice("/__sim/".length);
      const control = builtIn[name] ?? def.controls[name];
      if (!control) return send(404, { error: `no control ${name}` });
      try {
        return send(200, (await control(body)) ?? { ok: true });
      } catch (error) {
        return send(400, { error: (error as Error).message });
      }
    }

    const simReq: SimRequest = { method: req.method ?? "GET", path: url.pathname, params: {}, query: url.searchParams, headers: req.headers, rawBody, body };
    const record = (status: number, response: unknown) =>
      calls.push({
        method: simReq.method,
        path: url.pathname,
        query: url.search,
        headers: flatHeaders(req.headers),
        body: rawBody ? body : null,
        status,
        response,
        at: new Date().toISOString(),
      });

    const failIndex = failures.findIndex(
      (f) =>
        (!f.pathContains || url.pathname.includes(f.pathContains)) &&
        (!f.pathEndsWith || url.pathname.replace(/\/+$/, "").endsWith(f.pathEndsWith)) &&
        (!f.method || f.method === simReq.method),
    );
    const failure = failIndex >= 0 ? failures.splice(failIndex, 1)[0] : undefined;

    let reply: SimReply | null = null;
    if (!failure || failure.afterAccept) {
      const route = routes.find((r) => r.method === simReq.method && (simReq.params = r.match(url.pathname) ?? {}) && r.match(url.pathname));
      if (!route) reply = { status: 404, body: { status: false, message: `No route ${simReq.method} ${url.pathname} on the ${def.name} simulator` } };
      else reply = (route.auth !== false && def.authorize(simReq)) || (await route.handle(simReq));
    }
    if (failure) {
      if (failure.timeoutMs !== undefined) {
        record(0, "timeout");
        await new Promise((r) => setTimeout(r, failure.timeoutMs));
        res.destroy();
        return;
      }
      const status = failure.status ?? 500;
      record(status, { failed: true });
      return send(status, { status: false, message: "Simulated provider failure" });
    }
    record(reply!.status, reply!.body);
    send(reply!.status, reply!.body);
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  sim.port = port;
  sim.url = `http://127.0.0.1:${port}`;
  return sim;
}

function compile(pattern: string): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const re = new RegExp(
    "^" +
      pattern.replace(/\/:([A-Za-z_]+)/g, (_m, n: string) => {
        names.push(n);
        return "/([^/]+)";
      }) +
      "/?$",
  );
  return (path) => {
    const m = re.exec(path);
    if (!m) return null;
    return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
  };
}

function flatHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
}

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const num = (v: unknown) => (typeof v === "number" ? v : undefined);
