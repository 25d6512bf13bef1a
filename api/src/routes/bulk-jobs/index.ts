export * from "./bulk-jobs.routes";
export * from "./bulk-jobs.handlers";
