export * from "./provider-wizard.routes";
export * from "./provider-wizard.handlers";
