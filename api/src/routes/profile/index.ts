export * from "./profile.routes";
export * from "./profile.handlers";
