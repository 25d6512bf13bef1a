import { describe, expect, it } from "vitest";
import {
  fieldsChangedSummary,
  formatActivityValue,
  isFileArray,
  formatOrderActivityValue,
  humanizeKey,
  parseActivityDetails,
  readOrderActivityDetails,
} from "~/utils/activity-details";

const details = (value: unknown) => JSON.stringify(value);

describe("formatActivityValue", () => {
  it("shows null and undefined as N/A", () => {
    expect(formatActivityValue(null)).toBe("N/A");
    expect(formatActivityValue(undefined)).toBe("N/A");
  });

  it("shows booleans as True/False", () => {
    expect(formatActivityValue(true)).toBe("True");
    expect(formatActivityValue(false)).toBe("False");
  });

  it("keeps numbers and short strings as they are", () => {
    expect(formatActivityValue(3)).toBe("3");
    expect(formatActivityValue(0)).toBe("0");
    expect(formatActivityValue("Pune")).toBe("Pune");
    expect(formatActivityValue("x".repeat(100))).toBe("x".repeat(100));
  });

  it("cuts strings longer than 100 characters and gives their length", () => {
    const long = "a".repeat(150);
    expect(formatActivityValue(long)).toBe(`${"a".repeat(100)}… (150 characters)`);
    expect(formatActivityValue("b".repeat(101))).toBe(`${"b".repeat(100)}… (101 characters)`);
  });

  it("shows file arrays as a file count", () => {
    expect(formatActivityValue(["a.jpg", "b.pdf"])).toBe("2 files");
    expect(formatActivityValue(["a.jpg"])).toBe("1 file");
    expect(formatActivityValue([], true)).toBe("0 files");
    expect(isFileArray(["not a file"])).toBe(false);
  });

  it("shows other arrays and objects as JSON, cut when long", () => {
    expect(formatActivityValue([{ language: "English", rating: 4 }])).toBe('[{"language":"English","rating":4}]');
    const big = Array.from({ length: 20 }, (_, i) => ({ language: `L${i}`, rating: 5 }));
    expect(formatActivityValue(big)).toMatch(/… \(\d+ characters\)$/);
  });
});

describe("parseActivityDetails", () => {
  it("hides details that cannot be read", () => {
    expect(parseActivityDetails(null)).toBeNull();
    expect(parseActivityDetails("")).toBeNull();
    expect(parseActivityDetails("{updated_fields: city -> Pune")).toBeNull();
    expect(parseActivityDetails("42")).toBeNull();
    expect(parseActivityDetails('"text"')).toBeNull();
    expect(parseActivityDetails("[1,2]")).toBeNull();
    expect(parseActivityDetails(details({ updated_fields: "city" }))).toBeNull();
    expect(parseActivityDetails(details({ updated_fields: ["city"] }))).toBeNull();
  });

  it("is updated when at least one non-empty changed field exists", () => {
    const parsed = parseActivityDetails(
      details({
        updated_fields: {
          city: { old: null, new: "Pune" },
          is_pro: { old: false, new: true },
          nothing: { old: null, new: "" },
          emptyList: { old: [], new: [] },
        },
      }),
    );
    expect(parsed?.status).toBe("updated");
    expect(parsed?.changes.map((c) => c.field)).toEqual(["city", "is_pro"]);
    expect(parsed?.changes[0]).toEqual({ field: "city", old: "N/A", new: "Pune", fileUpload: false });
    expect(parsed?.changes[1]).toMatchObject({ old: "False", new: "True" });
  });

  it("is no_changes when nothing non-empty changed (or no updated_fields at all)", () => {
    expect(parseActivityDetails(details({ status: "no_changes", updated_fields: {} }))).toEqual({ status: "no_changes", changes: [] });
    expect(parseActivityDetails(details({ updated_fields: { a: { old: "", new: null } } }))?.status).toBe("no_changes");
    expect(parseActivityDetails(details({ status: "updated" }))).toEqual({ status: "no_changes", changes: [] });
  });

  it("flags file-upload changes and counts their files", () => {
    const parsed = parseActivityDetails(
      details({
        change_type: "File Upload",
        updated_fields: {
          portfolio: { old: ["p1.jpg"], new: ["p1.jpg", "p2.jpg"], type: "File Upload" },
          companyProfile: { old: null, new: ["pan-card-Document.pdf"] },
        },
      }),
    );
    expect(parsed?.changes).toEqual([
      { field: "portfolio", old: "1 file", new: "2 files", fileUpload: true },
      { field: "companyProfile", old: "N/A", new: "1 file", fileUpload: true },
    ]);
    const plain = parseActivityDetails(details({ updated_fields: { city: { old: "A", new: "B" } } }));
    expect(plain?.changes[0].fileUpload).toBe(false);
  });

  it("reads a bare value as what the field became", () => {
    const parsed = parseActivityDetails(details({ updated_fields: { city: "Pune" } }));
    expect(parsed?.changes).toEqual([{ field: "city", old: "N/A", new: "Pune", fileUpload: false }]);
  });

  it("cuts long strings inside changes", () => {
    const parsed = parseActivityDetails(details({ updated_fields: { catchyLine: { old: "short", new: "c".repeat(150) } } }));
    expect(parsed?.changes[0].new).toBe(`${"c".repeat(100)}… (150 characters)`);
  });
});

describe("fieldsChangedSummary", () => {
  const change = (field: string) => ({ field, old: "", new: "", fileUpload: false });
  it("gives the count and the first three names, with an ellipsis when there are more", () => {
    expect(fieldsChangedSummary([])).toEqual({ count: 0, names: "" });
    expect(fieldsChangedSummary(["a", "b", "c"].map(change))).toEqual({ count: 3, names: "a, b, c" });
    expect(fieldsChangedSummary(["a", "b", "c", "d"].map(change))).toEqual({ count: 4, names: "a, b, c, ..." });
  });
});

describe("readOrderActivityDetails (order activities)", () => {
  const none = { text: null, facts: [], changes: [], raw: null, by: null };

  it("nothing, or plain words, stay as they are", () => {
    expect(readOrderActivityDetails(null)).toEqual(none);
    expect(readOrderActivityDetails("   ")).toEqual(none);
    expect(readOrderActivityDetails("Marked complete by admin")).toEqual({ ...none, text: "Marked complete by admin" });
    // a JSON string or number is words too; broken JSON is shown as written
    expect(readOrderActivityDetails('"Paid by UPI"')).toEqual({ ...none, text: "Paid by UPI" });
    expect(readOrderActivityDetails("42")).toEqual({ ...none, text: "42" });
    expect(readOrderActivityDetails("{updated_fields: city -> Pune")).toEqual({ ...none, text: "{updated_fields: city -> Pune" });
  });

  it("cuts long words with their length, the whole text kept as raw", () => {
    const long = "w".repeat(400);
    const read = readOrderActivityDetails(long);
    expect(read.text).toBe(`${"w".repeat(300)}… (400 characters)`);
    expect(read.raw).toBe(long);
  });

  it("a cancellation: who from `by`, the rest as labelled pairs, raw JSON kept", () => {
    const details = JSON.stringify({
      on_behalf_of: "ServiceProvider",
      reason: "Provider unavailable",
      comment: "Asked by phone",
      by: "admin",
    });
    const read = readOrderActivityDetails(details);
    expect(read.by).toBe("admin");
    expect(read.text).toBeNull();
    expect(read.changes).toEqual([]);
    expect(read.facts).toEqual([
      { label: "On behalf of", value: "ServiceProvider" },
      { label: "Reason", value: "Provider unavailable" },
      { label: "Comment", value: "Asked by phone" },
    ]);
    expect(JSON.parse(read.raw!)).toEqual(JSON.parse(details));
  });

  it("a reschedule {from, to}: Field / Old / New with times in India time", () => {
    const read = readOrderActivityDetails(
      JSON.stringify({
        from: { startTime: "2030-01-15T05:00:00.000Z", endTime: "2030-01-15T05:30:00.000Z" },
        to: { startTime: "2030-01-20T10:00:00.000Z", endTime: "2030-01-20T10:30:00.000Z" },
        by: "ops",
      }),
    );
    expect(read.by).toBe("ops");
    expect(read.facts).toEqual([]);
    expect(read.changes).toEqual([
      { field: "Start time", old: "2030-01-15 10:30:00", new: "2030-01-20 15:30:00", fileUpload: false },
      { field: "End time", old: "2030-01-15 11:00:00", new: "2030-01-20 16:00:00", fileUpload: false },
    ]);
    // no slot before: Old is N/A; plain from/to values make one Value row
    expect(readOrderActivityDetails(JSON.stringify({ from: null, to: { startTime: "2030-01-20T10:00:00Z" } })).changes).toEqual([
      { field: "Start time", old: "N/A", new: "2030-01-20 15:30:00", fileUpload: false },
    ]);
    expect(readOrderActivityDetails(JSON.stringify({ from: "Pending", to: "Cancelled" })).changes).toEqual([
      { field: "Value", old: "Pending", new: "Cancelled", fileUpload: false },
    ]);
  });

  it("old/new pairs and updated_fields use the provider history's rules (null, booleans, files, long text)", () => {
    const read = readOrderActivityDetails(
      JSON.stringify({
        status: { old: "Pending", new: "InProgress" },
        updated_fields: {
          user_mark_as_done: { old: false, new: true },
          files: { old: null, new: ["draft.pdf", "final.pdf"], type: "File Upload" },
          note: { old: null, new: "n".repeat(120) },
        },
      }),
    );
    expect(read.changes).toEqual([
      { field: "Status", old: "Pending", new: "InProgress", fileUpload: false },
      { field: "user_mark_as_done", old: "False", new: "True", fileUpload: false },
      { field: "files", old: "N/A", new: "2 files", fileUpload: true },
      { field: "note", old: "N/A", new: `${"n".repeat(100)}… (120 characters)`, fileUpload: false },
    ]);
  });

  it("unknown shapes become a tidy key/value list: nested keys joined, lists read, never [object Object]", () => {
    const read = readOrderActivityDetails(
      JSON.stringify({
        gateway: { name: "PhonePe", response: { code: "PAYMENT_SUCCESS", paidAt: "2026-11-21T09:30:00Z" } },
        tags: ["urgent", "vip"],
        attachments: ["a.pdf"],
        items: [{ sku: 1 }, { sku: 2 }],
        empty: {},
        refunded: false,
        amount: null,
      }),
    );
    expect(read.facts).toEqual([
      { label: "Gateway › Name", value: "PhonePe" },
      { label: "Gateway › Response › Code", value: "PAYMENT_SUCCESS" },
      { label: "Gateway › Response › Paid at", value: "2026-11-21 15:00:00" },
      { label: "Tags", value: "urgent, vip" },
      { label: "Attachments", value: "1 file" },
      { label: "Items 1 › Sku", value: "1" },
      { label: "Items 2 › Sku", value: "2" },
      { label: "Empty", value: "None" },
      { label: "Refunded", value: "False" },
      { label: "Amount", value: "N/A" },
    ]);
    const list = readOrderActivityDetails(JSON.stringify([{ a: 1 }, "x"]));
    expect(list.facts).toEqual([
      { label: "Item 1 › A", value: "1" },
      { label: "Item 2", value: "x" },
    ]);
    for (const r of [read, list]) expect(JSON.stringify(r)).not.toContain("[object Object]");
  });

  it("humanizes keys and formats instants only", () => {
    expect(humanizeKey("on_behalf_of")).toBe("On behalf of");
    expect(humanizeKey("selectedSlot")).toBe("Selected slot");
    expect(humanizeKey("by")).toBe("By");
    expect(formatOrderActivityValue("2026-11-21T00:00:00.000Z")).toBe("2026-11-21 05:30:00");
    expect(formatOrderActivityValue("2026-11-21")).toBe("2026-11-21");
    expect(formatOrderActivityValue(true)).toBe("True");
  });
});
