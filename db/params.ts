/**
 * The parameters of a hand-written statement (db/client.ts `preparedRows`): `add` keeps a
 * value and answers its `$n`. Values go as strings or null, so the text casts each one
 * (`${p.add(amount)}::bigint`); the same shape of statement always gets the same text, which
 * is what lets the server prepare it once.
 */
export class Params {
  readonly values: (string | null)[] = [];

  add(value: string | number | boolean | null | undefined): string {
    this.values.push(value === null || value === undefined ? null : String(value));
    return `$${this.values.length}`;
  }

  /** A JSON document as a jsonb parameter (text on the wire, so neither driver re-encodes it). */
  json(value: unknown): string {
    return `${this.add(value === null || value === undefined ? null : JSON.stringify(value))}::text::jsonb`;
  }
}
