export * from "./clickwrap.routes";
export * from "./clickwrap.handlers";
