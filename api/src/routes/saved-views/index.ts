export * from "./saved-views.routes";
export * from "./saved-views.handlers";
