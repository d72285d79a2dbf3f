import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import type { Mode } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { setWebhookUrl } from "@/lib/keys/set-webhook-url";
import { addressKind, setWebhookResolver, webhookUrlProblem } from "@/lib/keys/webhook-url";
import { attemptsOf, emitCommitted, waitForEvent } from "@/tests/events";
import { makeKey, makeMerchant } from "@/tests/factories";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/webhook-receiver";
import { deliverDueEvents } from "./deliver-due-events";
import { checkedLookup, postWebhook } from "./post-webhook";
import { sendTestEvent } from "./send-test-event";

// Supplement §4, webhook targets: loopback only in test mode and only where
// OWO_WEBHOOK_ALLOW_LOOPBACK allows it; the ranges below refused in every mode, at save and at
// every delivery, judged on the addresses the host resolves to (so DNS rebinding fails).

/** Refused in every mode. Each row: the address, and what it is. */
const INTERNAL: [string, string][] = [
  ["10.0.0.1", "private 10/8"],
  ["10.255.255.254", "private 10/8 (top)"],
  ["172.16.0.1", "private 172.16/12"],
  ["172.31.255.254", "private 172.16/12 (top)"],
  ["192.168.1.1", "private 192.168/16"],
  ["fc00::1", "unique local fc00::/7"],
  ["fd12:3456::1", "unique local fd00::/8"],
  ["100.64.0.1", "CGNAT 100.64/10"],
  ["100.127.255.254", "CGNAT 100.64/10 (top)"],
  ["198.18.0.1", "benchmark 198.18/15"],
  ["198.19.255.254", "benchmark 198.18/15 (top)"],
  ["169.254.169.254", "link-local / cloud metadata"],
  ["fe80::1", "IPv6 link-local"],
  ["fec0::1", "IPv6 site-local (deprecated)"],
  ["0.0.0.0", "unspecified IPv4"],
  ["0.1.2.3", "0.0.0.0/8"],
  ["::", "unspecified IPv6"],
  ["224.0.0.1", "multicast 224/4"],
  ["239.255.255.250", "multicast 224/4 (SSDP)"],
  ["ff02::1", "IPv6 multicast"],
  ["240.0.0.1", "reserved 240/4"],
  ["255.255.255.255", "broadcast"],
  ["::ffff:10.0.0.1", "IPv4-mapped private"],
  ["::ffff:a9fe:a9fe", "IPv4-mapped metadata, hex form"],
  ["::10.0.0.1", "IPv4-compatible private"],
  ["64:ff9b::a9fe:a9fe", "NAT64 of the metadata address"],
  ["64:ff9b::192.168.0.1", "NAT64 of a private address"],
  ["2002:a00:1::1", "6to4 of 10.0.0.1"],
  ["2002:c612:1::", "6to4 of 198.18.0.1"],
];

/** Loopback: allowed only in test mode with OWO_WEBHOOK_ALLOW_LOOPBACK=1. */
const LOOPBACK: [string, string][] = [
  ["127.0.0.1", "127/8"],
  ["127.255.255.254", "127/8 (top)"],
  ["::1", "IPv6 loopback"],
  ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
  ["64:ff9b::7f00:1", "NAT64 of loopback"],
  ["2002:7f00:1::1", "6to4 of loopback"],
];

/** Public: allowed in both modes (https in live). */
const PUBLIC: [string, string][] = [
  ["93.184.216.34", "public IPv4"],
  ["100.128.0.1", "just above CGNAT"],
  ["172.32.0.1", "just above 172.16/12"],
  ["198.20.0.1", "just above 198.18/15"],
  ["2606:2800:220:1:248:1893:25c8:1946", "public IPv6"],
  ["::ffff:93.184.216.34", "IPv4-mapped public"],
  ["64:ff9b::5db8:d822", "NAT64 of a public address"],
  ["2002:5db8:d822::1", "6to4 of a public address"],
];

const ALL = [...INTERNAL, ...LOOPBACK, ...PUBLIC];
/** host name → the address the injected resolver answers for it. */
const dns = new Map<string, string>();
const hostFor = (address: string) => {
  const host = `h${[...dns.keys()].length}.hooks.test`;
  dns.set(host, address);
  return host;
};
const literal = (address: string) => (address.includes(":") ? `[${address}]` : address);

const previousFlag = process.env.OWO_WEBHOOK_ALLOW_LOOPBACK;
function setFlag(flag: "0" | "1" | undefined) {
  if (flag === undefined) delete process.env.OWO_WEBHOOK_ALLOW_LOOPBACK;
  else process.env.OWO_WEBHOOK_ALLOW_LOOPBACK = flag;
}

beforeAll(() => {
  setWebhookResolver(async (hostname) => {
    const address = dns.get(hostname);
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return [{ address, family: address.includes(":") ? 6 : 4 }];
  });
});
afterEach(() => setFlag(previousFlag as "0" | "1" | undefined));
afterAll(() => setWebhookResolver(null));

/** What the rules say for an address in a mode with the loopback flag. */
function expected(address: string, mode: Mode, flag: "0" | "1"): "allowed" | "refused" {
  if (INTERNAL.some(([a]) => a === address)) return "refused";
  if (LOOPBACK.some(([a]) => a === address)) return mode === "test" && flag === "1" ? "allowed" : "refused";
  return "allowed";
}

describe("addressKind classifies every range (supplement §4)", () => {
  it.each(INTERNAL)("%s (%s) is internal", (address) => expect(addressKind(address)).toBe("internal"));
  it.each(LOOPBACK)("%s (%s) is loopback", (address) => expect(addressKind(address)).toBe("loopback"));
  it.each(PUBLIC)("%s (%s) is public", (address) => expect(addressKind(address)).toBe("public"));
});

describe("OWO_WEBHOOK_ALLOW_LOOPBACK default (supplement §4)", () => {
  it("is on for the embedded database, off when DATABASE_URL is set; an explicit 0/1 wins", async () => {
    const previousUrl = process.env.DATABASE_URL;
    try {
      setFlag(undefined);
      delete process.env.DATABASE_URL;
      expect(await webhookUrlProblem("http://127.0.0.1:9/hook", "test")).toBeNull();
      process.env.DATABASE_URL = "postgres://example/db";
      expect(await webhookUrlProblem("http://127.0.0.1:9/hook", "test")).toMatch(/loopback/);
      setFlag("1");
      expect(await webhookUrlProblem("http://127.0.0.1:9/hook", "test")).toBeNull();
      delete process.env.DATABASE_URL;
      setFlag("0");
      expect(await webhookUrlProblem("http://localhost:9/hook", "test")).toMatch(/loopback/);
      expect(await webhookUrlProblem("http://api.localhost:9/hook", "test")).toMatch(/loopback/);
    } finally {
      if (previousUrl === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previousUrl;
    }
  });
});

describe("at save: setting a key's webhook_url (the dashboard/CLI path)", () => {
  for (const mode of ["test", "live"] as const) {
    for (const flag of ["1", "0"] as const) {
      it(`${mode} mode, OWO_WEBHOOK_ALLOW_LOOPBACK=${flag}: every range, as a literal and through DNS`, async () => {
        setFlag(flag);
        const { merchant } = await makeMerchant();
        const key = await makeKey({ merchantId: merchant.id, mode });
        const db = await getDb();
        const scheme = mode === "live" ? "https" : "http";
        const outcomes: string[] = [];
        const wanted: string[] = [];
        for (const [address, what] of ALL) {
          for (const host of [literal(address), hostFor(address)]) {
            const url = `${scheme}://${host}/hook`;
            const outcome = await setWebhookUrl(db, { merchantId: merchant.id, mode, keyPairId: key.keyPair.id, webhookUrl: url, actor: CLI_ACTOR })
              .then((view) => (view.webhookUrl === url ? "allowed" : "not stored"))
              .catch((err: { details?: string[] }) => (err.details?.some((d) => d.includes("webhook_url")) ? "refused" : String(err)));
            outcomes.push(`${what} ${url}: ${outcome}`);
            wanted.push(`${what} ${url}: ${expected(address, mode, flag)}`);
          }
        }
        expect(outcomes).toEqual(wanted);
      });
    }
  }

  it("localhost names are loopback: refused in live mode and in test mode without the flag", async () => {
    setFlag("0");
    for (const url of ["http://localhost:4000/hook", "http://hooks.localhost/x"]) {
      await expect(makeKey({ mode: "test", config: { webhookUrl: url } })).rejects.toMatchObject({ status: 400 });
    }
    await expect(makeKey({ mode: "live", config: { webhookUrl: "https://localhost/hook" } })).rejects.toMatchObject({ status: 400 });
    setFlag("1");
    const key = await makeKey({ mode: "test", config: { webhookUrl: "http://localhost:4000/hook" } });
    expect(key.keyPair.webhookUrl).toBe("http://localhost:4000/hook");
  });
});

describe("at delivery: the connection's own lookup judges the resolved addresses", () => {
  for (const mode of ["test", "live"] as const) {
    for (const flag of ["1", "0"] as const) {
      it(`${mode} mode, OWO_WEBHOOK_ALLOW_LOOPBACK=${flag}: refused ranges never connect, allowed ones resolve`, async () => {
        setFlag(flag);
        const lookup = checkedLookup(mode);
        const outcomes: string[] = [];
        const wanted: string[] = [];
        for (const [address, what] of ALL) {
          const host = hostFor(address);
          const outcome = await new Promise<string>((resolve) =>
            lookup(host, { all: true }, (err, got) => resolve(err ? "refused" : JSON.stringify(got).includes(address) ? "allowed" : "other")),
          );
          outcomes.push(`${what}: ${outcome}`);
          wanted.push(`${what}: ${expected(address, mode, flag)}`);
          // The POST itself, for every refused range: an error, no status, no body.
          if (expected(address, mode, flag) === "refused") {
            for (const h of [host, literal(address)]) {
              const result = await postWebhook({ url: `https://${h}/hook`, body: "{}", headers: {}, mode, timeoutMs: 5_000 });
              expect(result, `${what} via ${h}`).toMatchObject({ ok: false, statusCode: null, snippet: null });
              expect(result.error, `${what} via ${h}`).toMatch(/webhook_url must not point to an? (internal|loopback) address/);
            }
          }
        }
        expect(outcomes).toEqual(wanted);
      });
    }
  }
});

describe("deliveries through the event log", () => {
  let hook: WebhookReceiver;
  beforeAll(async () => {
    hook = await startWebhookReceiver(() => ({ status: 200, body: "secret internal answer" }));
  });
  afterAll(() => hook.close());

  async function deliverOnce(key: Awaited<ReturnType<typeof makeKey>>) {
    const id = await emitCommitted(key);
    await deliverDueEvents(await getDb(), { keyPairIds: [key.keyPair.id] });
    await waitForEvent(id, (e) => e.attempts === 1);
    return (await attemptsOf(id))[0]!;
  }

  it("DNS rebinding: a host public at save and private at delivery is refused, nothing sent, no body stored", async () => {
    const host = hostFor("93.184.216.34");
    const key = await makeKey({ mode: "live", config: { webhookUrl: `https://${host}:${hook.port}/hook` } });
    expect(key.keyPair.webhookUrl).toBe(`https://${host}:${hook.port}/hook`);
    dns.set(host, "10.0.0.7");
    const before = hook.connections();
    const attempt = await deliverOnce(key);
    expect(attempt).toMatchObject({ statusCode: null, responseSnippet: null, error: "webhook_url must not point to an internal address" });
    expect(hook.connections()).toBe(before);
  });

  it("a test key's loopback receiver: delivered (body kept) with OWO_WEBHOOK_ALLOW_LOOPBACK=1, refused (no body) with 0", async () => {
    setFlag("1");
    const host = hostFor("127.0.0.1");
    const key = await makeKey({ mode: "test", config: { webhookUrl: `http://${host}:${hook.port}/hook` } });
    const allowed = await deliverOnce(key);
    expect(allowed).toMatchObject({ statusCode: 200, responseSnippet: "secret internal answer", error: null });

    setFlag("0");
    const before = hook.connections();
    const refused = await deliverOnce(key);
    expect(refused).toMatchObject({ statusCode: null, responseSnippet: null, error: "webhook_url must not point to a loopback address" });
    expect(hook.connections()).toBe(before);
  });

  it("send test event to a URL no longer allowed: an attempt with the reason, no connection, no body", async () => {
    setFlag("1");
    const key = await makeKey({ mode: "test", config: { webhookUrl: hook.url } });
    setFlag("0");
    const before = hook.connections();
    const { eventId } = await sendTestEvent(await getDb(), { merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id });
    await waitForEvent(eventId, (e) => e.attempts === 1);
    const [attempt] = await attemptsOf(eventId);
    expect(attempt).toMatchObject({ statusCode: null, responseSnippet: null, error: "webhook_url must not point to a loopback address" });
    expect(hook.connections()).toBe(before);
  });
});
