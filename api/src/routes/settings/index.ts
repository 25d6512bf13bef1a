export * from "./settings.routes";
export * from "./settings.handlers";
