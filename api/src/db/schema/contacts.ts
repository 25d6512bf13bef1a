/** Contact leads from the marketplace's contact form. */
import { sql, type SQL } from "drizzle-orm";
import { index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Contact leads (spec 2 §3 Contact): what visitors sent from the marketplace's contact form. */
export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().default(""),
    contactNo: text("contactNo").notNull().default(""),
    context: text("context").notNull().default(""),
    subject: text("subject").notNull().default(""),
    message: text("message").notNull().default(""),
    created_at: createdAt(),
    /** lower-cased name, email, contact number, context, subject and message: the list's search is one LIKE '%…%' on it */
    search_text: text("search_text").generatedAlwaysAs(
      (): SQL =>
        sql`lower(${contacts.name} || ' ' || ${contacts.email} || ' ' || ${contacts.contactNo} || ' ' || ${contacts.context} || ' ' || ${contacts.subject} || ' ' || ${contacts.message})`,
    ),
  },
  (t) => [
    index("contacts_created_idx").on(t.created_at, t.id),
    // the list's Name sort (ties by id)
    index("contacts_name_idx").on(t.name, t.id),
    index("contacts_search_trgm_idx").using("gin", t.search_text.op("gin_trgm_ops")),
  ],
);

export type ContactRow = typeof contacts.$inferSelect;
