export * from "./posts.routes";
export * from "./posts.handlers";
