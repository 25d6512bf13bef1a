export * from "./activity.routes";
export * from "./activity.handlers";
