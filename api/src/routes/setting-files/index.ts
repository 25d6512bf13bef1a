export * from "./setting-files.routes";
export * from "./setting-files.handlers";
