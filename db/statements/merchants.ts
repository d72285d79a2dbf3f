import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/db/client";

/** A business's contact email: its support address, else its first owner's sign-in email. */
export async function merchantContactEmail(tx: DbOrTx, merchantId: string): Promise<string | null> {
  const [row] = await queryRows<{ email: string | null }>(
    tx,
    sql`select coalesce(m.support_email,
                        (select u.email from memberships ms join users u on u.id = ms.user_id
                         where ms.merchant_id = m.id and ms.role = 'owner' order by ms.created_at limit 1)) as email
        from merchants m where m.id = ${merchantId}::uuid`,
  );
  return row?.email ?? null;
}
