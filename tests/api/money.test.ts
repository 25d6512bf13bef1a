import { describe, expect, it } from "vitest";
import { planTotal } from "~contract/provider-wizard-labels";
import {
  formatInr,
  formatPaise,
  groupInr,
  inrToPaise,
  inrToPaiseNumber,
  paiseToInr,
  percentOf,
  percentToBasisPoints,
  providerInvoiceSplit,
  readPaise,
  safePaise,
} from "~shared/money";
import { callOverlapSeconds, minutesFromOfferings } from "~contract/orders";

describe("money helpers (paise, half-up to the paisa)", () => {
  it("formats and parses rupees exactly", () => {
    expect(paiseToInr(149_950)).toBe("1499.50");
    expect(paiseToInr(5)).toBe("0.05");
    expect(paiseToInr(0)).toBe("0.00");
    expect(paiseToInr(-5)).toBe("-0.05");
    expect(paiseToInr(123_456_789_012)).toBe("1234567890.12");
    expect(inrToPaise("1499.5")).toBe(149_950n);
    expect(inrToPaiseNumber("1499.5")).toBe(149_950);
    expect(inrToPaiseNumber("1499")).toBe(149_900);
    expect(inrToPaiseNumber("0.07")).toBe(7);
    expect(inrToPaiseNumber(19.99)).toBe(1999);
    expect(() => inrToPaise("1.999")).toThrow(RangeError);
    expect(() => inrToPaise("abc")).toThrow(RangeError);
    expect(() => paiseToInr(1.5)).toThrow(RangeError);
    expect(paiseToInr("987654321987654321")).toBe("9876543219876543.21");
    expect(() => paiseToInr("12.5")).toThrow(RangeError);
  });

  it("reads grouped rupee text (Indian or western) only when asked", () => {
    expect(inrToPaise("1,234.5", { grouping: true })).toBe(123_450n);
    expect(inrToPaiseNumber("1,234.5", { grouping: true })).toBe(123_450);
    expect(readPaise("12,34,567.50", { grouping: true })).toBe(123_456_750n);
    expect(readPaise("1,234,567", { grouping: true })).toBe(123_456_700n);
    expect(readPaise("1,234.5")).toBeNull();
    for (const bad of ["1,23", "12,345,67", ",123", "1,,234", "1,234."]) expect(readPaise(bad, { grouping: true })).toBeNull();
  });

  it("adds rupee amounts without a float: 0.1 + 0.2 is 0.30", () => {
    expect(0.1 + 0.2).not.toBe(0.3); // what a float would do
    expect(paiseToInr(inrToPaise("0.1") + inrToPaise("0.2"))).toBe("0.30");
    expect(inrToPaise("0.1") + inrToPaise("0.2")).toBe(inrToPaise("0.3"));
    expect(formatPaise(inrToPaise("0.1") + inrToPaise("0.2"))).toBe("₹0.30");
  });

  it("keeps amounts beyond 2^53 paise exact as BigInt, and refuses them as numbers", () => {
    const huge = "987654321987654321.99"; // ≈ 9.9e19 paise, far past Number.MAX_SAFE_INTEGER
    expect(inrToPaise(huge)).toBe(98_765_432_198_765_432_199n);
    expect(paiseToInr(inrToPaise(huge))).toBe(huge);
    expect(formatPaise(inrToPaise(huge))).toBe("₹9,87,65,43,21,98,76,54,321.99");
    expect(() => inrToPaiseNumber(huge)).toThrow(RangeError);
    expect(() => safePaise(2n ** 53n)).toThrow(RangeError);
    expect(safePaise(2n ** 53n - 1n)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses negative, blank and malformed rupee text instead of guessing", () => {
    for (const bad of ["-1", "-0.50", "", " ", "1e5", "1.", ".5", "1.234", "₹10", "10 rupees", "0x10", "NaN", "Infinity"]) {
      expect(readPaise(bad)).toBeNull();
      expect(() => inrToPaise(bad)).toThrow(RangeError);
    }
    for (const bad of [-1, 1e21, Number.NaN, Number.POSITIVE_INFINITY, 0.001]) expect(readPaise(bad)).toBeNull();
  });

  it("formats paise and rupee text for people (Indian grouping)", () => {
    expect(formatPaise(123_450)).toBe("₹1,234.50");
    expect(formatPaise(123_450n)).toBe("₹1,234.50");
    expect(formatPaise(-2000)).toBe("-₹20.00");
    expect(formatInr("1234567.5")).toBe("₹12,34,567.50");
    expect(formatInr(null)).toBe("—");
    expect(formatInr("n/a")).toBe("n/a");
    expect(groupInr("1234567.5")).toBe("12,34,567.50");
  });

  it("rounds the plan total's GST like the invoice (half-up to the paisa)", () => {
    // planTotal's GST is the invoice's percentOf: 18 % of 49 900 × 12 = 107 784 exactly; of 25 paise 4.5 → 5
    expect(planTotal(49_900, 12, false)).toEqual({ subtotal: 598_800, gst: 107_784, addOn: 0, total: 706_584 });
    expect(planTotal(25, 1, false).gst).toBe(5);
    expect(planTotal(24, 1, false).gst).toBe(4);
    for (let charge = 0; charge < 2000; charge += 13) expect(planTotal(charge, 1, false).gst).toBe(percentOf(charge, "18"));
  });

  it("reads percentages as basis points, at most two decimals and 100", () => {
    expect(percentToBasisPoints("18")).toBe(1800n);
    expect(percentToBasisPoints("12.5")).toBe(1250n);
    expect(percentToBasisPoints("12.50")).toBe(1250n);
    expect(percentToBasisPoints(0)).toBe(0n);
    expect(() => percentToBasisPoints("100.01")).toThrow(RangeError);
    expect(() => percentToBasisPoints("1.234")).toThrow(RangeError);
  });

  it("rounds half-up to the paisa", () => {
    // 18% of 25 paise = 4.5 → 5; of 24 = 4.32 → 4; of 36 = 6.48 → 6; of 75 = 13.5 → 14
    expect(percentOf(25, "18")).toBe(5);
    expect(percentOf(24, "18")).toBe(4);
    expect(percentOf(36, "18")).toBe(6);
    expect(percentOf(75, "18")).toBe(14);
    // 12.5% of 74,950 = 9368.75 → 9369
    expect(percentOf(74_950, "12.5")).toBe(9369);
    // 0.1 + 0.2 style traps do not exist: 10% of 3 paise = 0.3 → 0; of 5 = 0.5 → 1
    expect(percentOf(3, "10")).toBe(0);
    expect(percentOf(5, "10")).toBe(1);
    expect(percentOf(-25, "18")).toBe(-5);
  });

  it("splits the provider invoice: service charge, 18% GST on it, payable = amount − both", () => {
    expect(providerInvoiceSplit(100_000, "15")).toEqual({ amount: 100_000, service_charge: 15_000, gst: 2_700, payable: 82_300 });
    // ₹749.50 at 12.5%: charge 9368.75 → 9369 paise; GST 18% of 9369 = 1686.42 → 1686; payable 74950 − 9369 − 1686
    expect(providerInvoiceSplit(74_950, "12.50")).toEqual({ amount: 74_950, service_charge: 9_369, gst: 1_686, payable: 63_895 });
    // ₹999.99 at 20%: 19999.8 → 20000; GST 3600
    expect(providerInvoiceSplit(99_999, "20")).toEqual({ amount: 99_999, service_charge: 20_000, gst: 3_600, payable: 76_399 });
    expect(providerInvoiceSplit(50_000, "0")).toEqual({ amount: 50_000, service_charge: 0, gst: 0, payable: 50_000 });
    for (let amount = 0; amount < 3000; amount += 7) {
      const s = providerInvoiceSplit(amount, "12.5");
      expect(s.service_charge + s.gst + s.payable).toBe(amount);
    }
  });
});

describe("order helpers", () => {
  it("reads the minutes from the offerings text", () => {
    expect(minutesFromOfferings("30 Minutes Video Consultation")).toBe(30);
    expect(minutesFromOfferings("45 Minutes …")).toBe(45);
    expect(minutesFromOfferings("Video consultation, 60 mins")).toBe(60);
    expect(minutesFromOfferings("Quick Video Consultation")).toBeNull();
  });

  it("computes two participants' overlap in seconds", () => {
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 10) + s * 1000).toISOString();
    const logs = [
      { event: "join" as const, timestamp: t(0), user_id: 1 },
      { event: "join" as const, timestamp: t(95), user_id: 2 },
      { event: "leave" as const, timestamp: t(600), user_id: 1 },
      { event: "join" as const, timestamp: t(660), user_id: 1 },
      { event: "leave" as const, timestamp: t(1745), user_id: 2 },
      { event: "leave" as const, timestamp: t(1800), user_id: 1 },
    ];
    expect(callOverlapSeconds(logs)).toBe(600 - 95 + (1745 - 660));
    expect(callOverlapSeconds(logs.filter((l) => l.user_id === 1))).toBe(0);
    expect(callOverlapSeconds([])).toBe(0);
  });
});
