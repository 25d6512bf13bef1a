export * from "./bank-files.routes";
export * from "./bank-files.handlers";
