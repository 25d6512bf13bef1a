export * from "./categories.routes";
export * from "./categories.handlers";
