export * from "./admin-users.routes";
export * from "./admin-users.handlers";
