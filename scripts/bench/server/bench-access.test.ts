import { afterEach, describe, expect, it } from "vitest";
import { POST as deliver } from "@/app/api/bench/deliver/route";
import { POST as emit } from "@/app/api/bench/emit/route";
import { GET as floorGet } from "@/app/api/bench/floor/route";
import { GET as list } from "@/app/api/bench/list/route";
import { BENCH_SECRET_HEADER } from "./bench-access";

const saved = { OWO_BENCH: process.env.OWO_BENCH, OWO_BENCH_SECRET: process.env.OWO_BENCH_SECRET };
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const emitRequest = (headers: Record<string, string> = {}) =>
  new Request("http://owo.test/api/bench/emit", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: "{}" });

describe("/api/bench/* exist only for a request carrying OWO_BENCH_SECRET (issue 14)", () => {
  it("404 on every bench route when OWO_BENCH_SECRET is unset, even with OWO_BENCH=1 and a header", async () => {
    process.env.OWO_BENCH = "1";
    delete process.env.OWO_BENCH_SECRET;
    const h = { [BENCH_SECRET_HEADER]: "anything" };
    expect((await emit(emitRequest(h))).status).toBe(404);
    expect((await deliver(new Request("http://owo.test/api/bench/deliver", { method: "POST", headers: h }))).status).toBe(404);
    expect((await floorGet(new Request("http://owo.test/api/bench/floor?kind=read", { headers: h }))).status).toBe(404);
    expect((await list(new Request("http://owo.test/api/bench/list?list=transfers", { headers: h }))).status).toBe(404);
  });

  it("404 when the secret is set but the request does not carry it, or carries another", async () => {
    process.env.OWO_BENCH_SECRET = "the-bench-secret-of-this-run";
    expect((await emit(emitRequest())).status).toBe(404);
    expect((await emit(emitRequest({ [BENCH_SECRET_HEADER]: "the-bench-secret-of-this-ru" }))).status).toBe(404);
    expect((await deliver(new Request("http://owo.test/api/bench/deliver", { method: "POST" }))).status).toBe(404);
  });

  it("answers (here: the route's own 400 for an empty body) when the secret is set and sent, without OWO_BENCH", async () => {
    delete process.env.OWO_BENCH;
    process.env.OWO_BENCH_SECRET = "the-bench-secret-of-this-run";
    const res = await emit(emitRequest({ [BENCH_SECRET_HEADER]: "the-bench-secret-of-this-run" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "merchant_id and key_pair_id (or key_pair_ids) are required" });
  });
});
