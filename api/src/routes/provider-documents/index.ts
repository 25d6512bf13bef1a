export * from "./provider-documents.routes";
export * from "./provider-documents.handlers";
