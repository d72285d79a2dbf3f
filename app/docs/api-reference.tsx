"use client";

import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Markdown, MarkdownInline } from "./markdown";

/**
 * The interactive /v1 reference, rendered from /v1/openapi.json: operations by tag, their
 * parameters, bodies, answers and failures, and a "Try it" panel that sends the request from
 * the browser with a test key the reader pastes (kept in this tab's sessionStorage only).
 */

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: "path" | "query"; required: boolean; description?: string; schema: Schema; example?: unknown };
type Response = { description?: string; content?: Record<string, { schema: Schema }>; $ref?: string };
type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
  responses: Record<string, Response>;
  "x-owo-key"?: "secret" | "any";
  "x-owo-permission"?: string;
  "x-owo-test-keys-only"?: boolean;
};
type Doc = {
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Response> };
};
type Entry = { method: string; path: string; op: Operation };

const KEY_STORAGE = "owo-docs-test-key";
const METHOD_TONE: Record<string, string> = {
  GET: "bg-blue-100 text-blue-800",
  POST: "bg-green-100 text-green-800",
  PUT: "bg-amber-100 text-amber-800",
  DELETE: "bg-red-100 text-red-800",
};

const refName = (ref: string) => ref.split("/").pop()!;
const anchor = (id: string) => `op-${id}`;

function resolve(doc: Doc, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && typeof s.$ref === "string"; i++) s = doc.components.schemas[refName(s.$ref)] ?? {};
  return s;
}

/** A short type label: `string`, `integer ≥ 100`, `"a" | "b"`, `Transfer[]`, `string | null`. */
function typeLabel(doc: Doc, schema: Schema): string {
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (union) return union.map((s) => typeLabel(doc, s)).join(" | ");
  if (Array.isArray(schema.allOf)) return (schema.allOf as Schema[]).map((s) => typeLabel(doc, s)).join(" & ");
  if (Array.isArray(schema.type)) return (schema.type as string[]).map((t) => typeLabel(doc, { ...schema, type: t })).join(" | ");
  if (schema.type === "array") return `${typeLabel(doc, (schema.items as Schema) ?? {})}[]`;
  if (schema.type === "object" && !schema.properties) return "object";
  const bits: string[] = [String(schema.type ?? "any")];
  if (schema.format) bits.push(`(${String(schema.format)})`);
  if (schema.minimum !== undefined) bits.push(`≥ ${String(schema.minimum)}`);
  if (schema.maximum !== undefined) bits.push(`≤ ${String(schema.maximum)}`);
  if (schema.minLength !== undefined) bits.push(`min ${String(schema.minLength)} chars`);
  if (schema.maxLength !== undefined) bits.push(`max ${String(schema.maxLength)} chars`);
  if (schema.pattern) bits.push(`/${String(schema.pattern)}/`);
  return bits.join(" ");
}

/** An object's fields as a nested list (refs to other objects expand once). */
function Fields({ doc, schema, depth = 0 }: { doc: Doc; schema: Schema; depth?: number }) {
  const s = resolve(doc, schema);
  const variants = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (variants && variants.every((v) => resolve(doc, v).properties)) {
    return (
      <div className="space-y-2">
        {variants.map((v, i) => (
          <div key={i} className="rounded border border-dashed border-neutral-300 p-2 dark:border-neutral-700">
            <div className="mb-1 text-xs text-neutral-600 dark:text-neutral-400">One of: {typeLabel(doc, v)}</div>
            <Fields doc={doc} schema={v} depth={depth} />
          </div>
        ))}
      </div>
    );
  }
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set((s.required ?? []) as string[]);
  if (!Object.keys(properties).length) return <code className="text-xs">{typeLabel(doc, s)}</code>;
  return (
    <ul className="space-y-1 text-sm">
      {Object.entries(properties).map(([name, p]) => {
        const inner = resolve(doc, (p.type === "array" ? (p.items as Schema) : p) ?? {});
        const nested = depth < 2 && inner.properties && (p.$ref || p.type === "array" || p.type === "object");
        return (
          <li key={name}>
            <code className="font-semibold">{name}</code>
            {required.has(name) ? <span className="ml-1 text-xs text-red-700">required</span> : null}
            <code className="ml-2 text-xs text-neutral-600 dark:text-neutral-400">{typeLabel(doc, p)}</code>
            {p.description ? (
              <span className="ml-2 text-xs text-neutral-600 dark:text-neutral-400">
                <MarkdownInline text={String(p.description)} />
              </span>
            ) : null}
            {p.default !== undefined ? <span className="ml-2 text-xs text-neutral-600 dark:text-neutral-400">default {JSON.stringify(p.default)}</span> : null}
            {nested ? (
              <div className="ml-4 border-l border-neutral-200 pl-3 dark:border-neutral-800">
                <Fields doc={doc} schema={inner} depth={depth + 1} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A body to start from when the document carries no example (it does for every operation of /v1). */
function example(doc: Doc, schema: Schema, depth = 0): unknown {
  const s = resolve(doc, schema);
  if (depth > 4) return null;
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const union = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (union) return example(doc, union.find((u) => resolve(doc, u).type !== "null") ?? union[0]!, depth + 1);
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== "null") : s.type;
  switch (type) {
    case "object": {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required ?? []) as string[]);
      return Object.fromEntries(
        Object.entries(props)
          .filter(([k]) => required.has(k))
          .map(([k, v]) => [k, example(doc, v, depth + 1)]),
      );
    }
    case "array":
      return [example(doc, (s.items as Schema) ?? {}, depth + 1)];
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? s.minimum : 100;
    case "boolean":
      return false;
    case "string":
      return s.format === "email" ? "adaeze.okafor@example.com" : "";
    default:
      return null;
  }
}

const responseOf = (doc: Doc, response: Response): Response => (response.$ref ? (doc.components.responses[refName(response.$ref)] ?? {}) : response);

function errorCodes(doc: Doc, response: Response): string[] {
  const r = responseOf(doc, response);
  const schema = r.content?.["application/json"]?.schema as { allOf?: Schema[] } | undefined;
  const extra = schema?.allOf?.[1] as { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } } | undefined;
  return extra?.properties?.error?.properties?.code?.enum ?? [];
}

function TryIt({ entry, apiKey, doc }: { entry: Entry; apiKey: string; doc: Doc }) {
  const { method, path, op } = entry;
  const params = op.parameters ?? [];
  const bodySchema = op.requestBody?.content["application/json"]?.schema;
  const [values, setValues] = useState<Record<string, string>>({});
  const bodyExample = op.requestBody?.content["application/json"]?.example;
  const [body, setBody] = useState(() => (bodySchema ? JSON.stringify(bodyExample ?? example(doc, bodySchema), null, 2) : ""));
  const [answer, setAnswer] = useState<{ status: number; correlationId: string | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const isTestKey = /^(sk|pk)_test_/.test(apiKey);

  async function send() {
    setBusy(true);
    try {
      let url = path.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(values[`path:${n}`] ?? ""));
      const search = new URLSearchParams();
      for (const p of params) if (p.in === "query" && values[`query:${p.name}`]) search.set(p.name, values[`query:${p.name}`]!);
      if (search.size) url += `?${search}`;
      const headers: Record<string, string> = { "x-api-key": apiKey };
      if (bodySchema) headers["content-type"] = "application/json";
      const res = await fetch(url, { method, headers, body: bodySchema ? body : undefined });
      const text = await res.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {}
      setAnswer({ status: res.status, correlationId: res.headers.get("x-correlation-id"), text: pretty });
    } catch (err) {
      setAnswer({ status: 0, correlationId: null, text: String(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3 rounded-md bg-neutral-50 p-3 dark:bg-neutral-900">
      {params.map((p) => (
        <label key={`${p.in}:${p.name}`} className="flex flex-col gap-1 text-sm sm:flex-row sm:items-center sm:gap-2">
          <span className="shrink-0 sm:w-40">
            <code>{p.name}</code> <span className="text-xs text-neutral-600 dark:text-neutral-400">{p.in}</span>
          </span>
          <input
            className="w-full rounded border border-neutral-300 bg-white px-2 py-1 font-mono text-sm dark:border-neutral-700 dark:bg-neutral-950"
            placeholder={p.example !== undefined ? `e.g. ${String(p.example)}` : p.required ? "required" : typeLabel(doc, p.schema)}
            value={values[`${p.in}:${p.name}`] ?? ""}
            onChange={(e) => setValues({ ...values, [`${p.in}:${p.name}`]: e.target.value })}
          />
        </label>
      ))}
      {bodySchema ? (
        <textarea
          aria-label="Request body (JSON)"
          className="h-48 w-full rounded border border-neutral-300 bg-white p-2 font-mono text-xs dark:border-neutral-700 dark:bg-neutral-950"
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      ) : null}
      <div className="flex items-center gap-3">
        <Button size="sm" onClick={send} disabled={busy || !isTestKey}>
          {busy ? "Sending…" : `Send ${method}`}
        </Button>
        {!isTestKey ? <span className="text-xs text-neutral-600 dark:text-neutral-400">Paste a test key (sk_test_… or pk_test_…) above to try it.</span> : null}
      </div>
      {answer ? (
        <div>
          <div className="text-sm">
            Status <strong>{answer.status}</strong>
            {answer.correlationId ? <span className="ml-3 text-xs text-neutral-600 dark:text-neutral-400">x-correlation-id {answer.correlationId}</span> : null}
          </div>
          <pre className="mt-1 max-h-96 overflow-auto rounded bg-neutral-900 p-2 text-xs text-neutral-100">{answer.text}</pre>
        </div>
      ) : null}
    </div>
  );
}

function OperationCard({ entry, doc, apiKey }: { entry: Entry; doc: Doc; apiKey: string }) {
  const { method, path, op } = entry;
  const [open, setOpen] = useState(false);
  const success = op.responses["200"]?.content?.["application/json"]?.schema as { properties?: { data?: Schema } } | undefined;
  const data = success?.properties?.data;
  const bodySchema = op.requestBody?.content["application/json"]?.schema;
  const failures = Object.entries(op.responses).filter(([status]) => status !== "200");
  return (
    <section id={anchor(op.operationId)} className="scroll-mt-4 rounded-lg border border-neutral-200 p-4 dark:border-neutral-800">
      <button type="button" className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 text-left" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${METHOD_TONE[method] ?? ""}`}>{method}</span>
        <code className="min-w-0 text-sm break-all">{path}</code>
        <span className="text-sm text-neutral-600 sm:ml-auto dark:text-neutral-400">{op.summary}</span>
      </button>
      {open ? (
        <div className="mt-4 space-y-4">
          {op.description ? <Markdown text={op.description} className="space-y-2 text-sm" /> : null}
          <p className="text-xs text-neutral-600 dark:text-neutral-400">
            {op["x-owo-key"] === "any" ? "Secret or public key" : "Secret key"}
            {op["x-owo-permission"] ? ` · permission ${op["x-owo-permission"]}` : ""}
            {op["x-owo-test-keys-only"] ? " · test keys only" : ""} · client method <code>owo.{op.operationId}()</code>
          </p>
          {op.parameters?.length ? (
            <div>
              <h4 className="mb-1 text-sm font-semibold">Parameters</h4>
              <ul className="space-y-1 text-sm">
                {op.parameters.map((p) => (
                  <li key={`${p.in}:${p.name}`}>
                    <code className="font-semibold">{p.name}</code> <span className="text-xs text-neutral-600 dark:text-neutral-400">in {p.in}</span>
                    {p.required ? <span className="ml-1 text-xs text-red-700">required</span> : null}
                    <code className="ml-2 text-xs text-neutral-600 dark:text-neutral-400">{typeLabel(doc, p.schema)}</code>
                    {p.schema.default !== undefined ? (
                      <span className="ml-2 text-xs text-neutral-600 dark:text-neutral-400">default {JSON.stringify(p.schema.default)}</span>
                    ) : null}
                    {p.description ? (
                      <span className="ml-2 text-xs text-neutral-600 dark:text-neutral-400">
                        <MarkdownInline text={p.description} />
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {bodySchema ? (
            <div>
              <h4 className="mb-1 text-sm font-semibold">Request body ({typeLabel(doc, bodySchema)})</h4>
              <Fields doc={doc} schema={bodySchema} />
            </div>
          ) : null}
          {data ? (
            <div>
              <h4 className="mb-1 text-sm font-semibold">
                200{" "}
                <code className="font-normal">
                  {"{ success: true, data: "}
                  {typeLabel(doc, data)}
                  {" }"}
                </code>
              </h4>
              <Fields doc={doc} schema={data} />
            </div>
          ) : null}
          <div>
            <h4 className="mb-1 text-sm font-semibold">Failures</h4>
            <table className="text-sm">
              <tbody>
                {failures.map(([status, r]) => (
                  <tr key={status}>
                    <td className="pr-3 align-top font-mono">{status}</td>
                    <td className="align-top">
                      {errorCodes(doc, r).map((c) => (
                        <code key={c} className="mr-2 text-xs">
                          {c}
                        </code>
                      ))}
                      <span className="text-xs text-neutral-600 dark:text-neutral-400">
                        <MarkdownInline text={responseOf(doc, r).description ?? ""} />
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <h4 className="mb-1 text-sm font-semibold">Try it</h4>
            <TryIt entry={entry} apiKey={apiKey} doc={doc} />
          </div>
        </div>
      ) : null}
    </section>
  );
}

export function ApiReference() {
  const [doc, setDoc] = useState<Doc | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [apiKey, setApiKey] = useState("");
  const [filter, setFilter] = useState("");

  useEffect(() => {
    fetch("/v1/openapi.json")
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((d: Doc) => {
        setApiKey(sessionStorage.getItem(KEY_STORAGE) ?? "");
        setDoc(d);
      })
      .catch((e: unknown) => setFailed(String(e)));
  }, []);

  const byTag = useMemo(() => {
    if (!doc) return [];
    const entries: Entry[] = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    const q = filter.trim().toLowerCase();
    const shown = q ? entries.filter((e) => `${e.method} ${e.path} ${e.op.summary} ${e.op.operationId}`.toLowerCase().includes(q)) : entries;
    return doc.tags.map((t) => ({ tag: t, entries: shown.filter((e) => e.op.tags.includes(t.name)) })).filter((g) => g.entries.length);
  }, [doc, filter]);

  if (failed) return <p className="p-8 text-red-700">Could not load /v1/openapi.json: {failed}</p>;
  if (!doc) return <p className="p-8 text-neutral-500">Loading the API reference…</p>;

  return (
    <div className="mx-auto flex max-w-7xl gap-8 p-4 wrap-anywhere md:p-6">
      <nav aria-label="Operations" className="sticky top-6 hidden max-h-[calc(100vh-3rem)] w-64 shrink-0 overflow-auto text-sm lg:block">
        {byTag.map(({ tag, entries }) => (
          <div key={tag.name} className="mb-4">
            <div className="mb-1 font-semibold">{tag.name}</div>
            <ul className="space-y-0.5">
              {entries.map((e) => (
                <li key={e.op.operationId}>
                  <a className="text-neutral-600 hover:underline dark:text-neutral-400" href={`#${anchor(e.op.operationId)}`}>
                    <span className="mr-1 font-mono text-[10px]">{e.method}</span>
                    {e.op.summary}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <main className="min-w-0 flex-1 space-y-6">
        <header className="space-y-3">
          <h1 className="text-2xl font-bold">
            {doc.info.title} <span className="text-sm font-normal text-neutral-600 dark:text-neutral-400">v{doc.info.version}</span>
          </h1>
          <Markdown text={doc.info.description} className="space-y-2 text-sm text-neutral-700 dark:text-neutral-300" />
          <p className="text-sm">
            The machine-readable document:{" "}
            <a className="underline" href="/v1/openapi.json">
              /v1/openapi.json
            </a>{" "}
            (OpenAPI 3.1).
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <input
              aria-label="Test API key"
              className="w-96 max-w-full rounded border border-neutral-300 px-2 py-1 font-mono text-sm dark:border-neutral-700 dark:bg-neutral-950"
              placeholder="Paste a test key: sk_test_… or pk_test_…"
              value={apiKey}
              onChange={(e) => {
                setApiKey(e.target.value.trim());
                sessionStorage.setItem(KEY_STORAGE, e.target.value.trim());
              }}
            />
            <input
              aria-label="Filter operations"
              className="w-64 max-w-full rounded border border-neutral-300 px-2 py-1 text-sm dark:border-neutral-700 dark:bg-neutral-950"
              placeholder="Filter operations"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
          </div>
          <p className="text-xs text-neutral-600 dark:text-neutral-400">
            The key stays in this browser tab; only test keys are sent, so trying an operation never touches live money.
          </p>
        </header>
        {byTag.map(({ tag, entries }) => (
          <div key={tag.name} className="space-y-3">
            <div>
              <h2 className="text-lg font-semibold">{tag.name}</h2>
              <Markdown text={tag.description} className="text-sm text-neutral-600 dark:text-neutral-400" />
            </div>
            {entries.map((e) => (
              <OperationCard key={e.op.operationId} entry={e} doc={doc} apiKey={apiKey} />
            ))}
          </div>
        ))}
      </main>
    </div>
  );
}
