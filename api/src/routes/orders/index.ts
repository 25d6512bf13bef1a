export * from "./orders.routes";
export * from "./orders.handlers";
