export * from "./order-payment-status.routes";
export * from "./order-payment-status.handlers";
