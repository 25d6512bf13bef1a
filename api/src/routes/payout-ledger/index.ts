export * from "./payout-ledger.routes";
export * from "./payout-ledger.handlers";
