import { describe, expect, it } from "vitest";
import { inrToPaise, paiseTextToInr, paiseToInr, percentOf, percentToBasisPoints, providerInvoiceSplit } from "../../api/src/lib/money";
import { callOverlapSeconds, minutesFromOfferings } from "~contract/orders";

describe("money helpers (paise, half-up to the paisa)", () => {
  it("formats and parses rupees exactly", () => {
    expect(paiseToInr(149_950)).toBe("1499.50");
    expect(paiseToInr(5)).toBe("0.05");
    expect(paiseToInr(0)).toBe("0.00");
    expect(paiseToInr(-5)).toBe("-0.05");
    expect(paiseToInr(123_456_789_012)).toBe("1234567890.12");
    expect(inrToPaise("1499.5")).toBe(149_950);
    expect(inrToPaise("1499")).toBe(149_900);
    expect(inrToPaise("0.07")).toBe(7);
    expect(inrToPaise(19.99)).toBe(1999);
    expect(() => inrToPaise("1.999")).toThrow(RangeError);
    expect(() => inrToPaise("abc")).toThrow(RangeError);
    expect(() => paiseToInr(1.5)).toThrow(RangeError);
    expect(paiseTextToInr("987654321987654321")).toBe("9876543219876543.21");
    expect(paiseTextToInr(null)).toBe("0.00");
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
