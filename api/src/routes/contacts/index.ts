export * from "./contacts.routes";
export * from "./contacts.handlers";
