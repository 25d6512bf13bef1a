export * from "./files.routes";
export * from "./files.handlers";
