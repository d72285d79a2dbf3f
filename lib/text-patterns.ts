/**
 * Two small text rules every lookup shares: whether an id can be a UUID (anything else names
 * no record: NOT_FOUND, never a database error), and a search term as an ILIKE "contains"
 * pattern with its own `%`, `_` and `\` matched literally.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (s: string): boolean => UUID.test(s);

export const containsPattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
