import { FilterBar, FilterField, isReversedRange } from "@/components/ui/filter-bar";
import { ControlInput, Select } from "@/components/ui/select";
import { listHref } from "@/components/ui/list-href";
import { Paging } from "@/components/ui/paging";
import { DateTime } from "@/components/ui/date-time";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { AUDIT_ACTION_LABELS, auditActionLabel, auditActorLabel, auditChanges, auditTargetLabel } from "@/lib/audit/audit-labels";
import { auditFilterParams, type AuditEntry, type AuditQuery } from "@/lib/audit/list-audit";
import type { Paged } from "@/lib/lists/paging";

const ACTOR_TYPE_LABELS = { cli: "CLI", admin: "Owo admin", system: "System" } as const;

/**
 * The audit log (Settings → Audit log, and per merchant in /admin): filters in the URL (action,
 * actor, date range), the table, paging and the CSV export of the filtered list.
 */
export function AuditLogView({
  base,
  exportHref,
  query,
  result,
  options,
  adminEmails,
}: {
  base: string;
  exportHref: string;
  query: AuditQuery;
  result: Paged<AuditEntry>;
  options: { actions: string[]; users: { id: string; email: string }[]; actorTypes: string[] };
  adminEmails?: boolean;
}) {
  const filters = auditFilterParams(query);
  const filtered = Boolean(query.action || query.actor || query.from || query.to);
  const actions = [...new Set([...Object.keys(AUDIT_ACTION_LABELS), ...options.actions])].sort((a, b) =>
    auditActionLabel(a).localeCompare(auditActionLabel(b)),
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <FilterBar action={base} clearHref={filtered && base} range={query}>
          <FilterField label="Action">
            <Select name="action" defaultValue={query.action ?? ""} data-testid="audit-filter-action">
              <option value="">Any action</option>
              {actions.map((a) => (
                <option key={a} value={a}>
                  {auditActionLabel(a)}
                </option>
              ))}
            </Select>
          </FilterField>
          <FilterField label="Actor">
            <Select name="actor" defaultValue={query.actor ?? ""} data-testid="audit-filter-actor">
              <option value="">Anyone</option>
              {options.users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.email}
                </option>
              ))}
              {(["cli", "admin", "system"] as const)
                .filter((t) => options.actorTypes.includes(t) || query.actor === t)
                .map((t) => (
                  <option key={t} value={t}>
                    {ACTOR_TYPE_LABELS[t]}
                  </option>
                ))}
            </Select>
          </FilterField>
          <FilterField label="From">
            <ControlInput type="date" name="from" defaultValue={query.from ?? ""} data-testid="audit-filter-from" />
          </FilterField>
          <FilterField label="To">
            <ControlInput type="date" name="to" defaultValue={query.to ?? ""} data-testid="audit-filter-to" />
          </FilterField>
        </FilterBar>
        <a
          href={listHref(exportHref, filters)}
          className="inline-flex h-9 items-center rounded-md border border-neutral-300 bg-white px-4 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
          data-testid="audit-export"
          download
        >
          Export CSV
        </a>
      </div>
      {result.items.length === 0 ? (
        <EmptyState
          testId="audit-empty"
          title={isReversedRange(query) ? "The date range runs backwards" : filtered ? "No audit entries match these filters" : "No audit entries yet"}
        >
          <EmptyHint>Changes made in the dashboard, by the CLI or by Owo show here with who made them and from where.</EmptyHint>
        </EmptyState>
      ) : (
        <ListTable
          testId="audit-table"
          footer={
            <Paging
              total={result.total}
              page={result.page}
              totalPages={result.total_pages}
              noun="record"
              testId="audit-total"
              link={(p) => listHref(base, { ...filters, page: p })}
            />
          }
        >
          {/* Six columns that fit 1280 px: the target under its action, the IP over the whole user agent. The actor's
              column never narrows below a word ("System" stays whole); on a phone each entry is a card. */}
          <ListHead>
            <Th>Time</Th>
            <Th>Actor</Th>
            <Th>Action</Th>
            <Th>Changes</Th>
            <Th>From</Th>
          </ListHead>
          <tbody>
            {result.items.map((e) => (
              <Row key={e.id} data-testid="audit-row" data-action={e.action}>
                <td data-phone="date" className="px-4 py-2 align-top text-xs">
                  <DateTime at={e.createdAt} seconds />
                </td>
                <td data-phone="primary" className="min-w-[7rem] max-w-[11rem] px-4 py-2 align-top text-xs [overflow-wrap:anywhere]" data-testid="audit-actor">
                  {auditActorLabel(e, { adminEmails })}
                </td>
                <td data-phone="status" className="max-w-[12rem] px-4 py-2 align-top">
                  <p data-testid="audit-action" title={e.action}>
                    {auditActionLabel(e.action)}
                  </p>
                  <div className="text-xs" data-testid="audit-target">
                    {e.targetType && <span className="text-neutral-500">{auditTargetLabel(e.targetType)}</span>}
                    {e.targetId && (
                      <p className="max-w-[11rem] truncate font-mono" title={e.targetId}>
                        {e.targetId}
                      </p>
                    )}
                  </div>
                </td>
                <td className="min-w-[13rem] px-4 py-2 align-top" data-testid="audit-changes">
                  {auditChanges(e.changes).map((c) => (
                    <p key={c.field} className="text-xs" data-testid="audit-change">
                      <span className="text-neutral-500">{c.label}:</span>{" "}
                      {c.from !== null && (
                        <>
                          <span className="[overflow-wrap:anywhere]">{c.from}</span> →{" "}
                        </>
                      )}
                      <span className="[overflow-wrap:anywhere]">{c.to}</span>
                    </p>
                  ))}
                </td>
                <td data-label="From" className="px-4 py-2 align-top text-xs">
                  <p className="font-mono" data-testid="audit-ip">
                    {e.ip ?? "—"}
                  </p>
                  {/* Wrapped, never cut: the whole user agent is what tells one device from another. */}
                  <p className="mt-1 w-[12rem] max-w-full text-neutral-500 [overflow-wrap:anywhere]" data-testid="audit-user-agent">
                    {e.userAgent ?? "—"}
                  </p>
                </td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
