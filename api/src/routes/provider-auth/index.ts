export * from "./provider-auth.routes";
export * from "./provider-auth.handlers";
