/**
 * The control calls every provider simulator takes (POST `/__sim/<name>`), typed for tests
 * and the CLI. Common to all: fail-next, config, requests, webhooks, webhooks/replay-last,
 * webhooks/forge, webhooks/reencode, webhooks/send. Each simulator also implements:
 *
 * - `pay` {account_number, amount (kobo), payer?: {name, bank, account}, session_id?}
 *   → {provider_reference}: a customer pays into an account (one the simulator issued, or
 *   any number: then the provider still reports it, as money to an unknown account) and the
 *   provider's webhook is sent (awaited; its status is in `webhook_status`).
 * - `transfers/settle` {reference (Owo's), outcome: "success" | "failed" | "reversed",
 *   reason?, webhook?: boolean (default true)} → {status}: settles a payout and notifies.
 * - `expire-token` {}: the current bearer token stops working (Monnify; others no-op).
 * - `balance` {amount (kobo)}: sets the balance the provider reports.
 * - `state` {}: {transfers, accounts, transactions} as the simulator holds them.
 */
export type SimPayInput = { account_number: string; amount: number; payer?: { name?: string; bank?: string; account?: string }; session_id?: string };
export type SimSettleInput = { reference: string; outcome: "success" | "failed" | "reversed"; reason?: string; webhook?: boolean };
export type SimFailNextInput = {
  path_contains?: string;
  path_ends_with?: string;
  method?: string;
  status?: number;
  timeout_ms?: number;
  after_accept?: boolean;
};

export class SimControlClient {
  constructor(readonly baseUrl: string) {}

  private async call<T = Record<string, unknown>>(name: string, body: unknown = {}): Promise<T> {
    const res = await fetch(`${this.baseUrl.replace(/\/+$/, "")}/__sim/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as T & { error?: string };
    if (!res.ok) throw new Error(`simulator control ${name}: ${json.error ?? res.status}`);
    return json;
  }

  pay(input: SimPayInput) {
    return this.call<{ provider_reference: string; webhook_status: number | null }>("pay", input);
  }
  settleTransfer(input: SimSettleInput) {
    return this.call<{ status: number | null }>("transfers/settle", input);
  }
  failNext(input: SimFailNextInput = {}) {
    return this.call("fail-next", input);
  }
  expireToken() {
    return this.call("expire-token");
  }
  setBalance(amount: number) {
    return this.call("balance", { amount });
  }
  setWebhookUrl(url: string) {
    return this.call("config", { webhook_url: url });
  }
  replayLastWebhook() {
    return this.call<{ status: number | null }>("webhooks/replay-last");
  }
  forgeWebhook(body?: unknown) {
    return this.call<{ status: number | null }>("webhooks/forge", body === undefined ? {} : { body });
  }
  reencodeLastWebhook() {
    return this.call<{ status: number | null }>("webhooks/reencode");
  }
  sendWebhook(body: unknown) {
    return this.call<{ status: number | null }>("webhooks/send", { body });
  }
  requests() {
    return this.call<{
      calls: { method: string; path: string; query: string; headers: Record<string, string>; body: unknown; status: number; response: unknown }[];
    }>("requests");
  }
  state() {
    return this.call<{ transfers: unknown[]; accounts: unknown[]; transactions: unknown[] }>("state");
  }
}
