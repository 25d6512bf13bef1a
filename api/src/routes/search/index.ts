export * from "./search.routes";
export * from "./search.handlers";
