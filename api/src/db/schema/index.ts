/**
 * The database schema, one file per area (drizzle-kit reads this index: drizzle.config.ts).
 * After changing a table run `npm run db:generate`; migrations live in api/drizzle/.
 */
export * from "./admin";
export * from "./system";
export * from "./catalogue";
export * from "./users";
export * from "./contacts";
export * from "./providers";
export * from "./orders";
export * from "./content";
export * from "./customer-queries";
export * from "./booking-journeys";
export * from "./payouts";
