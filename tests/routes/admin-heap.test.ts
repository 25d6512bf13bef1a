/** The admin's heap bound as `npm start` gives it (scripts/admin-heap.mjs, issue 31 §5). */
import { describe, expect, it } from "vitest";
import { adminNodeArgs, ADMIN_HEAP_MB_DEFAULT } from "../../scripts/admin-heap.mjs";

describe("ADMIN_HEAP_MB", () => {
  it("bounds the old generation at 384 MB unless told otherwise", () => {
    expect(ADMIN_HEAP_MB_DEFAULT).toBe(384);
    expect(adminNodeArgs({})).toEqual(["--max-old-space-size=384"]);
    expect(adminNodeArgs({ ADMIN_HEAP_MB: "512" })).toEqual(["--max-old-space-size=512"]);
  });

  it("0 leaves V8's own limit", () => {
    expect(adminNodeArgs({ ADMIN_HEAP_MB: "0" })).toEqual([]);
  });

  it("refuses a value that is not a whole number of at least 96 MB, naming the setting and an example", () => {
    for (const bad of ["", "64", "256MB", "-1", "1e3"]) {
      const answer = adminNodeArgs({ ADMIN_HEAP_MB: bad });
      expect(answer, bad).toBeInstanceOf(Error);
      expect((answer as Error).message).toMatch(/ADMIN_HEAP_MB must be .* e\.g\. 384/);
    }
  });
});
