export * from "./comments.routes";
export * from "./comments.handlers";
