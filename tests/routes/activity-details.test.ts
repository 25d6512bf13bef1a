import { describe, expect, it } from "vitest";
import {
  fieldsChangedSummary,
  formatActivityValue,
  isFileArray,
  parseActivityDetails,
} from "~/services/activity-details";

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
