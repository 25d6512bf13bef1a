export * from "./dashboard.routes";
export * from "./dashboard.handlers";
