export * from "./admin-sessions.routes";
export * from "./admin-sessions.handlers";
