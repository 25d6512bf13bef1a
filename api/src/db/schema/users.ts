/** Marketplace users (providers sign in as users). */
import { sql, type SQL } from "drizzle-orm";
import { boolean, index, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns";

/** Marketplace users (providers sign in as users). */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull().unique(),
    firstName: text("firstName").notNull().default(""),
    lastName: text("lastName").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    status: text("status", { enum: ["Active", "Inactive", "Hold"] })
      .notNull()
      .default("Active"),
    verified: boolean("verified").notNull().default(false),
    rating: numeric("rating", { precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    online: boolean("online").notNull().default(false),
    lastSeen: ts("lastSeen"),
    is_deleted: boolean("is_deleted").notNull().default(false),
    can_sign_in: boolean("can_sign_in").notNull().default(true),
    /** spec 2 §3 User is_active: false = blocked by an admin (Users screen's Block / Activate) */
    is_active: boolean("is_active").notNull().default(true),
    /** a provider's sign-in password (argon2id PHC string); null: this user cannot sign in as a provider */
    password_hash: text("password_hash"),
    /** lower-cased username, names, email and phone: the list's search is one LIKE '%…%' on it */
    search_text: text("search_text").generatedAlwaysAs(
      (): SQL =>
        sql`lower(${users.username} || ' ' || ${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || ' ' || ${users.phone})`,
    ),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // the list's Status and Verification filters, with the id so a count joins from the index alone
    index("users_status_idx").on(t.status, t.verified, t.id),
    index("users_verified_idx").on(t.verified, t.id),
    // "Last Login" sort (ties by id): never signed in is the lowest value, so it comes last descending
    // and first ascending; one non-null key, so a keyset page is a range of this index, read forward
    // or backward (api/src/lib/keyset.ts)
    index("users_last_seen_idx").on(sql`coalesce(${t.lastSeen}, '-infinity'::timestamptz)`, t.id),
    // the lists' "contains" searches (LIKE '%…%' on search_text): trigrams, so 3+ characters use the
    // index; the pg_trgm extension is created by the same migration (0003_trigram_search.sql)
    index("users_search_trgm_idx").using("gin", t.search_text.op("gin_trgm_ops")),
    // the Users screen: newest first over live users, narrowed by is_active and the joined dates
    index("users_joined_idx")
      .on(t.created_at, t.id)
      .where(sql`NOT ${t.is_deleted}`),
    index("users_active_joined_idx")
      .on(t.is_active, t.created_at, t.id)
      .where(sql`NOT ${t.is_deleted}`),
    // the Users screen's Rating and Name sorts (ties by id): a keyset page is a range of these,
    // read forward or backward (Status reads users_active_joined_idx, Username the unique index)
    index("users_rating_idx")
      .on(t.rating, t.id)
      .where(sql`NOT ${t.is_deleted}`),
    index("users_name_idx")
      .on(t.firstName, t.lastName, t.id)
      .where(sql`NOT ${t.is_deleted}`),
    index("users_username_lower_idx").on(sql`lower(${t.username})`),
    // a contact lead's sender as a user (the same email, any case): the Contact Leads rows link to them
    index("users_email_lower_idx")
      .on(sql`lower(${t.email})`, t.id)
      .where(sql`NOT ${t.is_deleted}`),
    // the provider list sorted by username under the Status / Verification filters: the walk in
    // username order reads the filters and the id from the index alone (an index-only scan; the
    // unique index on username alone sent every candidate to the table: 1.1 s at 1,000,000)
    index("users_username_list_idx").on(t.username, t.status, t.verified, t.id),
    // the provider list's Status sort (ties by id): a keyset page is a range of this index, read
    // forward or backward (users_status_idx has the verification between status and id)
    index("users_status_order_idx").on(t.status, t.id),
  ],
);

export type UserRow = typeof users.$inferSelect;
