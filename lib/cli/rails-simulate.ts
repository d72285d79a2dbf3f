import { parseArgs } from "node:util";
import { PROVIDER_RAILS, type ProviderRailName } from "@/lib/rails/rail";
import { SIMULATORS } from "@/lib/rails/simulator/simulators";
import { UsageError } from "./args";

export const RAILS_SIMULATE_USAGE =
  "owo rails simulate paystack|monnify|flutterwave [--port 4010] [--webhook-url http://127.0.0.1:3000/api/rails/<rail>/webhook]";

/**
 * `owo rails simulate <rail>`: serves the provider's documented API from memory on loopback
 * (development and tests; no money is real), sends webhooks signed as the provider signs them
 * to Owo's webhook route, and takes the control calls under /__sim/ (pay into an account,
 * settle a payout, duplicate or forge a webhook, fail the next call). Runs until interrupted.
 */
export async function railsSimulate(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { port: { type: "string" }, "webhook-url": { type: "string" }, json: { type: "boolean" } },
  });
  const rail = positionals[0] as ProviderRailName | undefined;
  if (!rail || !(PROVIDER_RAILS as readonly string[]).includes(rail)) throw new UsageError(`Name a rail: ${PROVIDER_RAILS.join(", ")}`);
  const port = values.port ? Number(values.port) : 4010;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError("--port must be a port number");
  const webhookUrl = values["webhook-url"] ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/api/rails/${rail}/webhook`;
  const spec = SIMULATORS[rail];
  const sim = await spec.start({ port, webhookUrl });
  const env = { OWO_RAILS: rail, ...spec.env(sim.url) };
  if (values.json) process.stdout.write(`${JSON.stringify({ rail, url: sim.url, webhook_url: webhookUrl, env })}\n`);
  else {
    console.log(`${rail} simulator listening on ${sim.url} (nothing here is real money)`);
    console.log(`Webhooks go to ${webhookUrl}`);
    console.log("Start Owo with:");
    console.log(
      `  ${Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join(" ")} npm start`,
    );
    console.log("Control calls (POST JSON):");
    console.log(`  ${sim.url}/__sim/pay                {"account_number":"…","amount":500000}   pay into an account (kobo)`);
    console.log(`  ${sim.url}/__sim/transfers/settle   {"reference":"TRF_…","outcome":"success|failed|reversed"}`);
    console.log(`  ${sim.url}/__sim/fail-next          {"status":500} or {"timeout_ms":20000}`);
    console.log(`  ${sim.url}/__sim/webhooks/replay-last, /webhooks/forge, /webhooks/reencode, /expire-token, /balance, /state`);
  }
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await sim.close();
  return 0;
}
