import { csvStream, toCsv } from "@/lib/csv";
import { auditActionLabel, auditActorLabel, auditChangesText } from "./audit-labels";
import type { AuditEntry } from "./list-audit";

const HEADER = ["time", "actor", "actor_type", "action", "action_label", "target_type", "target_id", "changes", "ip", "user_agent"];

type AuditCsvOptions = { adminEmails?: boolean };

const row = (e: AuditEntry, opts: AuditCsvOptions): unknown[] => [
  e.createdAt.toISOString(),
  auditActorLabel(e, opts),
  e.actorType,
  e.action,
  auditActionLabel(e.action),
  e.targetType,
  e.targetId,
  auditChangesText(e.changes),
  e.ip,
  e.userAgent,
];

/** The audit log's CSV export (the filtered list): times in ISO 8601, changes as "field: before → after". */
export function auditCsv(items: AuditEntry[], opts: AuditCsvOptions = {}): string {
  return toCsv(
    HEADER,
    items.map((e) => row(e, opts)),
  );
}

/** The same CSV streamed from batches of entries. */
export function auditCsvStream(batches: AsyncIterable<AuditEntry[]>, opts: AuditCsvOptions = {}): ReadableStream<Uint8Array> {
  return csvStream(HEADER, batches, (e) => row(e, opts));
}
