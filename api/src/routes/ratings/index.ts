export * from "./ratings.routes";
export * from "./ratings.handlers";
