/** Column helpers every table uses (column names follow the spec's field names). */
import { integer, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Column names follow the spec's field names, so rows read like the API's answers. */
export const createdAt = () => timestamp("created_at", { withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow();

export const updatedAt = () => timestamp("updated_at", { withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow();

export const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });

/** A sign-in session's key (an admin's and a provider's sessions alike): its id and the hash of its token. */
export const sessionKey = () => ({
  sessionId: serial("session_id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
});

/** A sign-in session's life: when it began and was last used, its idle limit and end, and where from. */
export const sessionLife = () => ({
  created_at: createdAt(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow(),
  idleSeconds: integer("idle_seconds").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3, mode: "date" }).notNull(),
  userAgent: text("user_agent").notNull().default(""),
  address: text("address").notNull().default(""),
});
