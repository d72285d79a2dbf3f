import { timestamp, uuid } from "drizzle-orm/pg-core";
import { uuidv7 } from "uuidv7";

/** Time-ordered UUID primary key (the spec says UUID for these records). */
export const id = () => uuid().primaryKey().$defaultFn(() => uuidv7());

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());

export const MODES = ["test", "live"] as const;
export type Mode = (typeof MODES)[number];
