import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ConnectionOptions } from "node:tls";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { behindPooler, directUrl, isPoolerUrl, postgresOptions } from "./client";

const BASE = "postgres://owo@db.example.com:5432/owo";
const tlsOf = (query: string) => postgresOptions(`${BASE}?${query}`).ssl;

let dir: string;
let caFile: string;
const CA_PEM = "-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n";

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "owo-tls-"));
  caFile = path.join(dir, "root.crt");
  fs.writeFileSync(caFile, CA_PEM);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("DATABASE_URL sslmode follows libpq (issue 14: verify-full/verify-ca were downgraded to prefer)", () => {
  it("verify-full: the certificate and the host name are verified, never 'prefer'", () => {
    const ssl = tlsOf("sslmode=verify-full");
    expect(ssl).not.toBe("prefer");
    expect(typeof ssl).toBe("object");
    const tls = ssl as ConnectionOptions;
    expect(tls.rejectUnauthorized).toBe(true);
    expect(tls.checkServerIdentity).toBeUndefined(); // Node's own host check stays on
  });

  it("verify-ca: the certificate is verified against the CA, the host name is not", () => {
    const tls = tlsOf(`sslmode=verify-ca&sslrootcert=${encodeURIComponent(caFile)}`) as ConnectionOptions;
    expect(tls.rejectUnauthorized).toBe(true);
    expect(tls.ca).toBe(CA_PEM);
    expect(tls.checkServerIdentity?.("other.example.com", {} as never)).toBeUndefined();
  });

  it("sslrootcert is read from its file for verify-full; a file that cannot be read is a clear error", () => {
    expect((tlsOf(`sslmode=verify-full&sslrootcert=${encodeURIComponent(caFile)}`) as ConnectionOptions).ca).toBe(CA_PEM);
    expect(() => tlsOf(`sslmode=verify-full&sslrootcert=${encodeURIComponent(path.join(dir, "missing.crt"))}`)).toThrow(
      /sslrootcert=.*missing\.crt cannot be read/,
    );
  });

  it("require: encrypted without verification; with an sslrootcert it verifies the CA as libpq does", () => {
    expect(tlsOf("sslmode=require")).toBe("require");
    const tls = tlsOf(`sslmode=require&sslrootcert=${encodeURIComponent(caFile)}`) as ConnectionOptions;
    expect(tls.rejectUnauthorized).toBe(true);
    expect(tls.ca).toBe(CA_PEM);
  });

  it("prefer and allow: TLS when offered, unverified; disable and no sslmode: no TLS", () => {
    expect(tlsOf("sslmode=prefer")).toBe("prefer");
    expect(tlsOf("sslmode=allow")).toBe("prefer");
    expect(tlsOf("sslmode=disable")).toBe(false);
    expect(postgresOptions(BASE).ssl).toBe(false);
  });

  it("sslrootcert=system means verify-full with the bundled roots, and refuses a weaker mode", () => {
    const tls = tlsOf("sslrootcert=system") as ConnectionOptions;
    expect(tls.rejectUnauthorized).toBe(true);
    expect(tls.ca).toBeUndefined();
    expect(() => tlsOf("sslrootcert=system&sslmode=require")).toThrow(/sslrootcert=system/);
  });

  it("an unknown sslmode is refused with a message naming the valid ones", () => {
    expect(() => tlsOf("sslmode=verify_full")).toThrow(
      'DATABASE_URL has an unknown sslmode "verify_full": use one of disable, allow, prefer, require, verify-ca, verify-full',
    );
  });

  it.skipIf(!process.env.DATABASE_URL)("verify-full against a server without TLS fails to connect instead of falling back to plaintext", async () => {
    const u = new URL(process.env.DATABASE_URL!);
    const probe = postgres(postgresOptions(process.env.DATABASE_URL!));
    const [row] = await probe<{ ssl: string }[]>`show ssl`;
    const ssl = row?.ssl;
    await probe.end();
    if (ssl === "on") return; // this check needs a server that does not offer TLS (the local test server)
    u.searchParams.set("sslmode", "verify-full");
    const sql = postgres({ ...postgresOptions(u.toString()), max: 1, connect_timeout: 5 });
    await expect(sql`select 1`).rejects.toThrow();
    await sql.end({ timeout: 1 });
    u.searchParams.set("sslmode", "prefer");
    const fallback = postgres({ ...postgresOptions(u.toString()), max: 1 });
    expect(await fallback`select 1 as one`).toEqual([{ one: 1 }]); // prefer does fall back: the difference is real
    await fallback.end();
  });
});

describe.skipIf(!process.env.DATABASE_URL)("every connection carries statement and idle-transaction timeouts (issue 14)", () => {
  const withEnv = async <T>(env: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> => {
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
    try {
      return await fn();
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  };

  it("by default a connection reports statement_timeout 30s and idle_in_transaction_session_timeout 1min", async () => {
    await withEnv({ DATABASE_STATEMENT_TIMEOUT_MS: undefined, DATABASE_IDLE_TX_TIMEOUT_MS: undefined }, async () => {
      const sql = postgres({ ...postgresOptions(process.env.DATABASE_URL!), max: 1 });
      try {
        const [st] = await sql<{ statement_timeout: string }[]>`show statement_timeout`;
        const [idle] = await sql<{ idle_in_transaction_session_timeout: string }[]>`show idle_in_transaction_session_timeout`;
        expect(st!.statement_timeout).toBe("30s");
        expect(idle!.idle_in_transaction_session_timeout).toBe("1min");
      } finally {
        await sql.end();
      }
    });
  });

  it("DATABASE_STATEMENT_TIMEOUT_MS is honoured: a statement running past it is cancelled", async () => {
    await withEnv({ DATABASE_STATEMENT_TIMEOUT_MS: "200", DATABASE_IDLE_TX_TIMEOUT_MS: "5000" }, async () => {
      const sql = postgres({ ...postgresOptions(process.env.DATABASE_URL!), max: 1 });
      try {
        const [idle] = await sql<{ idle_in_transaction_session_timeout: string }[]>`show idle_in_transaction_session_timeout`;
        expect(idle!.idle_in_transaction_session_timeout).toBe("5s");
        await expect(sql`select pg_sleep(3)`).rejects.toMatchObject({ code: "57014" }); // query_canceled
      } finally {
        await sql.end();
      }
    });
  });

  it("a timeout that is not a whole number of milliseconds is refused by name", async () => {
    await withEnv({ DATABASE_STATEMENT_TIMEOUT_MS: "30s" }, async () => {
      expect(() => postgresOptions(BASE)).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds/);
    });
  });
});

describe("DATABASE_URL ?pgbouncer=true: through a transaction-mode pooler (issue 28 item 7)", () => {
  const withEnv = <T>(env: Record<string, string | undefined>, fn: () => T): T => {
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    try {
      return fn();
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  };

  it("pgbouncer=true or 1: no named prepared statements, no pipelining and no start-up timeouts; absent, false or 0: as a direct connection", () => {
    for (const on of ["pgbouncer=true", "pgbouncer=1"]) {
      expect(isPoolerUrl(`${BASE}?${on}`)).toBe(true);
      const options = postgresOptions(`${BASE}?${on}&sslmode=require`);
      expect(options.prepare).toBe(false);
      expect(options.max_pipeline).toBe(0);
      expect(options.connection).toEqual({});
      expect(options.ssl).toBe("require"); // the other parameters still apply
    }
    for (const off of ["", "?pgbouncer=false", "?pgbouncer=0"]) {
      expect(isPoolerUrl(`${BASE}${off}`)).toBe(false);
      const options = postgresOptions(`${BASE}${off}`);
      expect(options.prepare).toBeUndefined(); // postgres.js's default: prepared
      expect(options.max_pipeline).toBeUndefined(); // and pipelined
      expect(Object.keys(options.connection ?? {}).sort()).toEqual(["idle_in_transaction_session_timeout", "statement_timeout"]);
    }
  });

  it("any other value is refused by name, never guessed", () => {
    expect(() => isPoolerUrl(`${BASE}?pgbouncer=yes`)).toThrow(
      "DATABASE_URL has pgbouncer=yes: use pgbouncer=true (through PgBouncer in transaction mode) or leave it out",
    );
  });

  it("behindPooler follows DATABASE_URL as it changes", () => {
    withEnv({ DATABASE_URL: `${BASE}?pgbouncer=true` }, () => expect(behindPooler()).toBe(true));
    withEnv({ DATABASE_URL: BASE }, () => expect(behindPooler()).toBe(false));
    withEnv({ DATABASE_URL: undefined }, () => expect(behindPooler()).toBe(false));
  });

  it("the direct connection (migrations, LISTEN): DATABASE_DIRECT_URL, else a direct DATABASE_URL, else none", () => {
    const direct = "postgres://owo@db-primary.example.com:5432/owo";
    withEnv({ DATABASE_URL: `${BASE}?pgbouncer=true`, DATABASE_DIRECT_URL: direct }, () => expect(directUrl()).toBe(direct));
    withEnv({ DATABASE_URL: `${BASE}?pgbouncer=true`, DATABASE_DIRECT_URL: undefined }, () => expect(directUrl()).toBeNull());
    withEnv({ DATABASE_URL: BASE, DATABASE_DIRECT_URL: undefined }, () => expect(directUrl()).toBe(BASE));
    withEnv({ DATABASE_URL: BASE, DATABASE_DIRECT_URL: `${BASE}?pgbouncer=true` }, () =>
      expect(() => directUrl()).toThrow(/DATABASE_DIRECT_URL has pgbouncer=true/),
    );
  });
});
