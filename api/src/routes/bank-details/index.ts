export * from "./bank-details.routes";
export * from "./bank-details.handlers";
