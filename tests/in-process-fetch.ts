/**
 * A `fetch` that answers /v1 requests in this process: it finds the app/v1 route file for the
 * URL (static segments before parameters, as Next.js does), calls its exported handler with
 * the path params, and checks the answer against the OpenAPI document like tests/http.ts
 * `call()`. For running the typed client (client/owo-client.ts) in API tests without a server.
 */
import { randomInt } from "node:crypto";
import { responseProblem } from "@/lib/openapi/validate";
import { matchPath } from "@/lib/openapi/paths";
import { APP_V1, routeFiles } from "@/lib/openapi/route-files";
import type { RouteHandler } from "./http";

type RouteModule = Partial<Record<string, RouteHandler>>;

const CATCH_ALL = `${APP_V1}/[...path]/route.ts`;
const DOCUMENT = `${APP_V1}/openapi.json/route.ts`;

/** One client address per fetch (rate limits before a key is known are per address). */
export function inProcessFetch(): typeof fetch {
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const templates = new Map(routeFiles().map((r) => [r.template, r.file]));

  return async (input, init) => {
    const req = new Request(input instanceof Request ? input : String(input), init);
    req.headers.set("x-owo-peer-address", ip);
    const { pathname } = new URL(req.url);
    const match = matchPath(templates.keys(), pathname);
    let file: string;
    let params: Record<string, string | string[]> = {};
    if (match) {
      file = templates.get(match.template)!;
      params = match.params;
    } else if (pathname === "/v1/openapi.json") {
      file = DOCUMENT;
    } else {
      file = CATCH_ALL;
      params = { path: pathname.split("/").filter(Boolean).slice(1) };
    }
    const routeModule = (await import(/* @vite-ignore */ file)) as RouteModule;
    const handler = routeModule[req.method];
    const res = handler ? await handler(req, { params: Promise.resolve(params) }) : new Response(null, { status: 405, headers: { allow: "GET" } });
    if (pathname === "/v1/openapi.json") return res;
    const text = await res.clone().text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`non-JSON answer (${res.status}) from ${req.method} ${pathname}: ${text.slice(0, 200)}`);
    }
    const problem = responseProblem(req.method, req.url, res.status, body);
    if (problem) throw new Error(`OpenAPI conformance: ${problem}`);
    return res;
  };
}
