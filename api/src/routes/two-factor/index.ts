export * from "./two-factor.routes";
export * from "./two-factor.handlers";
