import { Fragment, type ReactNode } from "react";

/**
 * The small markdown subset the OpenAPI descriptions use, rendered as React elements (never
 * as HTML: whatever a description holds is text, so nothing in it can inject markup):
 * paragraphs, `-` / `1.` lists, fenced code, `code`, **bold**, *emphasis* and [links](https://…)
 * to http(s), same-site or `#` addresses. A library (react-markdown and its unified tree) would
 * be a large dependency for this subset, and most would need raw HTML switched off to be safe.
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return <div className={className}>{blocks(text)}</div>;
}

/** One line of text (a field's description): inline marks only, no paragraphs. */
export function MarkdownInline({ text }: { text: string }) {
  return <>{inline(text.replace(/\s*\n\s*/g, " "))}</>;
}

function blocks(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    if (line.trim().startsWith("```")) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith("```")) code.push(lines[i++]!);
      i++;
      out.push(
        <pre key={out.length} className="overflow-x-auto rounded bg-neutral-100 p-2 font-mono text-xs dark:bg-neutral-900">
          <code>{code.join("\n")}</code>
        </pre>,
      );
      continue;
    }
    const bullet = /^\s*[-*]\s+/;
    const numbered = /^\s*\d+[.)]\s+/;
    if (bullet.test(line) || numbered.test(line)) {
      const marker = bullet.test(line) ? bullet : numbered;
      const items: string[] = [];
      while (i < lines.length && lines[i]!.trim()) {
        if (marker.test(lines[i]!)) items.push(lines[i]!.replace(marker, ""));
        else if (items.length) items[items.length - 1] += ` ${lines[i]!.trim()}`;
        i++;
      }
      const children = items.map((item, k) => <li key={k}>{inline(item)}</li>);
      out.push(
        marker === bullet ? (
          <ul key={out.length} className="list-disc space-y-1 pl-5">
            {children}
          </ul>
        ) : (
          <ol key={out.length} className="list-decimal space-y-1 pl-5">
            {children}
          </ol>
        ),
      );
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !bullet.test(lines[i]!) && !numbered.test(lines[i]!) && !lines[i]!.trim().startsWith("```")) {
      paragraph.push(lines[i++]!.trim());
    }
    out.push(<p key={out.length}>{inline(paragraph.join(" "))}</p>);
  }
  return out.map((node, k) => <Fragment key={k}>{node}</Fragment>);
}

// `code` first (nothing inside it is markup), then links, bold, emphasis. Emphasis needs `*`
// (not `_`): field names like customer_name must stay as they are.
const INLINE = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*/g;

function safeHref(href: string): string | null {
  return /^(https?:\/\/|\/(?!\/)|#)/.test(href) ? href : null;
}

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const key = out.length;
    if (m[1] !== undefined) {
      out.push(
        <code key={key} className="rounded bg-neutral-100 px-1 font-mono text-[0.9em] dark:bg-neutral-800">
          {m[1]}
        </code>,
      );
    } else if (m[2] !== undefined) {
      const href = safeHref(m[3]!);
      out.push(
        href ? (
          <a key={key} href={href} className="text-accent underline">
            {inline(m[2])}
          </a>
        ) : (
          m[2]
        ),
      );
    } else if (m[4] !== undefined) {
      out.push(<strong key={key}>{inline(m[4])}</strong>);
    } else {
      out.push(<em key={key}>{inline(m[5]!)}</em>);
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
