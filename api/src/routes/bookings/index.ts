export * from "./bookings.routes";
export * from "./bookings.handlers";
