/**
 * The page links a list offers (components/pagination.tsx `pageLinks`), as the admin clicks them:
 * at or under 10,000 matches (an exact total) plain numbered pages; past it, on a list with keyset
 * pages (decision 0020), Previous and Next carry the API's cursors, the last page number reads the
 * list from its end, and numbered pages past the first 10,000 rows are not offered.
 */
import { describe, expect, it } from "vitest";
import { pageLinks } from "~/components/pagination";
import { KEYSET_OFFSET_ROWS, LAST_PAGE_CURSOR } from "~contract/list-query";
import type { PageCursors, TotalKind } from "~contract/list-total";

const pageHref = (n: number, cursor?: string) => `/admin/user?page=${n}${cursor ? `&cursor=${cursor}` : ""}`;
const links = (page: number, pages: number, totalKind: TotalKind, cursors: PageCursors | undefined, pageSize = 10) =>
  pageLinks({ page, pages, pageSize, totalKind, cursors, pageHref, here: `/admin/user?page=${page}&cursor=here` });

describe("page links", () => {
  it("an exact total: numbered pages, with cursors or without", () => {
    for (const cursors of [undefined, { previous: "before.a", next: "after.b" }]) {
      const middle = links(3, 7, "exact", cursors);
      expect(middle.previous).toBe("/admin/user?page=2");
      expect(middle.next).toBe("/admin/user?page=4");
      expect(middle.number(7)).toBe("/admin/user?page=7");
      expect([1, 2, 5, 7].every(middle.offered)).toBe(true);
      expect(links(1, 7, "exact", cursors).previous).toBeNull();
      expect(links(7, 7, "exact", cursors).next).toBeNull();
    }
  });

  it("an estimated total without keyset pages: numbered pages as before", () => {
    const deep = links(5000, 20_002, "about", undefined, 50);
    expect(deep.next).toBe("/admin/user?page=5001");
    expect(deep.number(20_002)).toBe("/admin/user?page=20002");
  });

  it("past 10,000 with keyset pages: Previous and Next by cursor, the last page from the end, deep numbers not offered", () => {
    const offsetPages = KEYSET_OFFSET_ROWS / 10;
    const deep = offsetPages + 40;
    const page = links(deep, 200_007, "about", { previous: "before.x", next: "after.y" });
    expect(page.previous).toBe(`/admin/user?page=${deep - 1}&cursor=before.x`);
    expect(page.next).toBe(`/admin/user?page=${deep + 1}&cursor=after.y`);
    expect(page.number(200_007)).toBe(`/admin/user?page=200007&cursor=${LAST_PAGE_CURSOR}`);
    expect(page.number(deep)).toBe(`/admin/user?page=${deep}&cursor=here`);
    expect(page.number(1)).toBe("/admin/user?page=1");
    expect(page.offered(deep + 1)).toBe(false);
    expect(page.offered(offsetPages)).toBe(true);
    expect(page.offered(200_007)).toBe(true);
  });

  it("the ends of a keyset list: no Previous before page 1, no Next without a cursor, back to a numbered page near the start", () => {
    const first = links(1, 200_007, "about", { previous: null, next: "after.y" });
    expect(first.previous).toBeNull();
    expect(first.next).toBe("/admin/user?page=2&cursor=after.y");
    const end = links(200_007, 200_007, "about", { previous: "before.z", next: null });
    expect(end.next).toBeNull();
    expect(end.previous).toBe("/admin/user?page=200006&cursor=before.z");
    const near = links(5, 200_007, "more_than", { previous: null, next: "after.q" });
    expect(near.previous).toBe("/admin/user?page=4");
  });
});
