export * from "./points.routes";
export * from "./points.handlers";
