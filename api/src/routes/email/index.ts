export * from "./email.routes";
export * from "./email.handlers";
