// A writer process for the kept-count tests (tests/lists/kept-counts.test.ts): `connections`
// concurrent loops of short transactions on one merchant's transfers, events and checkout
// sessions (insert, status changes, deletes, some rolled back on purpose), until it has run
// `ops` transactions or is killed. Prints "ready" after its first commit and "done" at the end.
// Plain SQL on purpose: what is under test is the database's triggers, whatever writes.
import postgres from "postgres";

const [url, merchantId, keyPairId, walletPayIdId, tag, connections, ops] = process.argv.slice(2);
const sql = postgres(url, { max: Number(connections), onnotice: () => {} });
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
let n = 0;
let said = false;

async function oneTransaction(loop, i) {
  const id = `${tag}_${loop}_${i}`;
  await sql
    .begin(async (tx) => {
      const rows = 1 + Math.floor(Math.random() * 3);
      for (let r = 0; r < rows; r++) {
        const status = pick(["pending", "completed", "failed"]);
        await tx`insert into transfers (id, reference, public_id, merchant_id, mode, key_pair_id, wallet_pay_id_id, type, status, amount, fee,
                 narration, recipient_name, source)
               values (gen_random_uuid(), ${`TRF_${id}_${r}`}, ${`tr_${id}_${r}`}, ${merchantId}, 'test', ${keyPairId}, ${walletPayIdId},
                 ${pick(["bank_transfer", "payid"])}, ${status}, 1000, 10, 'kept counts', ${pick(["Ada Obi", "Zainab Bello"])}, 'api')`;
      }
      await tx`insert into events (id, merchant_id, mode, key_pair_id, type, data, delivery_status)
             values (${`evt_${id}`}, ${merchantId}, 'test', ${keyPairId}, ${pick(["transfer.success", "charge.success"])}, '{}'::jsonb,
               ${pick(["pending", "delivered"])})`;
      await tx`select pg_sleep(0.002)`;
      const op = Math.random();
      if (op < 0.4) {
        await tx`update transfers set status = ${pick(["pending", "completed", "failed"])}
               where id = (select id from transfers where merchant_id = ${merchantId} and reference like ${`TRF_${tag}_%`} order by random() limit 1)`;
        await tx`update events set delivery_status = ${pick(["pending", "delivered", "exhausted"])}
               where id = (select id from events where merchant_id = ${merchantId} and id like ${`evt_${tag}_%`} order by random() limit 1)`;
      } else if (op < 0.55) {
        await tx`delete from transfers where id = (select id from transfers where merchant_id = ${merchantId} and reference like ${`TRF_${tag}_%`} order by random() limit 1)`;
      } else if (op < 0.65) {
        throw new Error("rollback on purpose");
      }
    })
    .catch((err) => {
      if (err.message !== "rollback on purpose") throw err;
    });
}

async function loop(l) {
  for (let i = 0; n < Number(ops); i++) {
    await oneTransaction(l, i);
    n++;
    if (!said) {
      said = true;
      process.stdout.write("ready\n");
    }
  }
}

await Promise.all(Array.from({ length: Number(connections) }, (_, l) => loop(l)));
process.stdout.write("done\n");
await sql.end({ timeout: 2 });
