export * from "./subscriptions.routes";
export * from "./subscriptions.handlers";
