export * from "./audit-log.routes";
export * from "./audit-log.handlers";
