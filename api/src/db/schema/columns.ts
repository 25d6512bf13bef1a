/** Column helpers every table uses (column names follow the spec's field names). */
import { timestamp } from "drizzle-orm/pg-core";

/** Column names follow the spec's field names, so rows read like the API's answers. */
export const createdAt = () => timestamp("created_at", { withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow();

export const updatedAt = () => timestamp("updated_at", { withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow();

export const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });
