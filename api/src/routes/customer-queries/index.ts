export * from "./customer-queries.routes";
export * from "./customer-queries.handlers";
