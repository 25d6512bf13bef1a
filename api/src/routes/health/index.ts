export * from "./health.routes";
export * from "./health.handlers";
