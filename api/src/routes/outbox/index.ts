export * from "./outbox.routes";
export * from "./outbox.handlers";
