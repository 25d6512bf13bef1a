export * from "./notification-templates.routes";
export * from "./notification-templates.handlers";
