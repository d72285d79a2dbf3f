import { customType, timestamp, uuid } from "drizzle-orm/pg-core";
import { uuidv7 } from "uuidv7";

/** Time-ordered UUID primary key (the spec says UUID for these records). */
export const id = () =>
  uuid()
    .primaryKey()
    .$defaultFn(() => uuidv7());

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());

export const MODES = ["test", "live"] as const;
export type Mode = (typeof MODES)[number];

/** api.md amount validation rules (A0–A5). */
export const AMOUNT_VALIDATIONS = ["A0", "A1", "A2", "A3", "A4", "A5"] as const;
export type AmountValidation = (typeof AMOUNT_VALIDATIONS)[number];

/** Where a receiving record came from (`source` in api.md). */
export const SOURCES = ["api", "dashboard", "checkout", "invoice"] as const;
export type Source = (typeof SOURCES)[number];

/** Raw bytes (a logo, a sealed document). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });
