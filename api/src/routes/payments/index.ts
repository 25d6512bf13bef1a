export * from "./payments.routes";
export * from "./payments.handlers";
