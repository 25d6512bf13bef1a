export * from "./cancellations.routes";
export * from "./cancellations.handlers";
