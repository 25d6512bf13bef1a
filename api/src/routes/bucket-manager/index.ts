export * from "./bucket-manager.routes";
export * from "./bucket-manager.handlers";
