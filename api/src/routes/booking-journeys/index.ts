export * from "./booking-journeys.routes";
export * from "./booking-journeys.handlers";
