export * from "./users.routes";
export * from "./users.handlers";
