export * from "./service-providers.routes";
export * from "./service-providers.handlers";
