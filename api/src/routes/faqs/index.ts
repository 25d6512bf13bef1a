export * from "./faqs.routes";
export * from "./faqs.handlers";
