import { and, asc, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { apiKeyPairs, apiRequestLogs, type ApiRequestLog, type Mode } from "@/db/schema";
import { paged, pageOffset, type Paged } from "@/lib/lists/paging";

export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export function parseStatusClass(v: string | undefined): StatusClass | undefined {
  return (STATUS_CLASSES as readonly string[]).includes(v ?? "") ? (v as StatusClass) : undefined;
}

function statusIn(c: StatusClass): SQL {
  const low = Number(c[0]) * 100;
  return and(gte(apiRequestLogs.status, low), lt(apiRequestLogs.status, low + 100))!;
}

export type RequestLogRow = Pick<
  ApiRequestLog,
  "id" | "keyPairId" | "keyType" | "method" | "path" | "status" | "correlationId" | "durationMs" | "ip" | "userAgent" | "createdAt"
>;

/**
 * A merchant's API request logs in one mode, newest first, for the dashboard: optionally one
 * key pair's, optionally one status class. Never another merchant's or the other mode's.
 */
export async function listRequestLogs(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode; keyPairId?: string; statusClass?: StatusClass; page?: number; pageSize?: number },
): Promise<Paged<RequestLogRow>> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? 25;
  const where = and(
    eq(apiRequestLogs.merchantId, input.merchantId),
    eq(apiRequestLogs.mode, input.mode),
    input.keyPairId ? eq(apiRequestLogs.keyPairId, input.keyPairId) : undefined,
    input.statusClass ? statusIn(input.statusClass) : undefined,
  );
  const [items, [totalRow]] = await Promise.all([
    tx
      .select({
        id: apiRequestLogs.id,
        keyPairId: apiRequestLogs.keyPairId,
        keyType: apiRequestLogs.keyType,
        method: apiRequestLogs.method,
        path: apiRequestLogs.path,
        status: apiRequestLogs.status,
        correlationId: apiRequestLogs.correlationId,
        durationMs: apiRequestLogs.durationMs,
        ip: apiRequestLogs.ip,
        userAgent: apiRequestLogs.userAgent,
        createdAt: apiRequestLogs.createdAt,
      })
      .from(apiRequestLogs)
      .where(where)
      .orderBy(desc(apiRequestLogs.createdAt), desc(apiRequestLogs.id))
      .limit(pageSize)
      .offset(pageOffset({ page, page_size: pageSize })),
    tx.select({ n: count() }).from(apiRequestLogs).where(where),
  ]);
  return paged(items, totalRow?.n ?? 0, { page, page_size: pageSize });
}

export type KeyOption = { id: string; name: string; secretPrefix: string; revoked: boolean };

/** The merchant's key pairs in one mode, for the logs' key filter (revoked ones too: their logs remain). */
export async function requestLogKeyOptions(tx: DbOrTx, merchantId: string, mode: Mode): Promise<KeyOption[]> {
  const rows = await tx
    .select({ id: apiKeyPairs.id, name: apiKeyPairs.name, secretPrefix: apiKeyPairs.secretPrefix, revokedAt: apiKeyPairs.revokedAt })
    .from(apiKeyPairs)
    .where(and(eq(apiKeyPairs.merchantId, merchantId), eq(apiKeyPairs.mode, mode)))
    .orderBy(asc(apiKeyPairs.createdAt));
  return rows.map((r) => ({ id: r.id, name: r.name, secretPrefix: r.secretPrefix, revoked: r.revokedAt != null }));
}
