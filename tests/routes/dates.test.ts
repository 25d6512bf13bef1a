import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DateTime } from "luxon";
import { describe, expect, test } from "vitest";
import { formatIst } from "../../api/src/lib/http";
import { toProviderRow } from "~/services/service-providers/list-query.server";
import type { AuditEntry } from "~contract/audit-log";
import { formatIndiaTime } from "~shared/dates";
import { formatCommentDate, formatDate, formatDateTime, formatTimestamp, formatUploadedAt } from "../../app/utils/dates";
import { TIME_ZONE_NOTE } from "../../app/utils/time-zone";
import { describeAuditEntry } from "~/services/audit-log/notices.server";

// 27 September 2025, 10:30 in India (ICU's en-IN and en-GB data abbreviate September as "Sept")
const SEPTEMBER = "2025-09-27T05:00:00.000Z";
const MARCH = "2026-03-03T18:45:00.000Z"; // 4 March 2026, 00:15 in India

describe("the one date formatter (app/utils/dates.ts)", () => {
  test("DD-MMM-yyyy has three-letter English months: September is Sep", () => {
    expect(formatDate(SEPTEMBER)).toBe("27-Sep-2025");
    expect(formatDate(MARCH)).toBe("04-Mar-2026");
    expect(formatDate(new Date(SEPTEMBER))).toBe("27-Sep-2025");
  });

  test("every month is three letters", () => {
    const months = Array.from({ length: 12 }, (_, i) => formatDate(`2025-${String(i + 1).padStart(2, "0")}-15T06:00:00Z`).slice(3, -5));
    expect(months).toEqual(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]);
  });

  test("the other display formats, in India time", () => {
    expect(formatDateTime(SEPTEMBER)).toBe("27-09-2025 10:30");
    expect(formatTimestamp(MARCH)).toBe("2026-03-04 00:15:00");
    // a quoted MMM stays text
    expect(formatIndiaTime(SEPTEMBER, "'MMM' MMM")).toBe("MMM Sep");
  });

  test("writes what luxon writes, for every format, from 1945 to 2100 and before (another offset then)", () => {
    const formats = ["dd-MMM-yyyy", "dd-MM-yyyy HH:mm", "yyyy-MM-dd HH:mm:ss", "MMM dd, yyyy HH:mm"];
    // luxon alone, the three-letter month written in (ICU's may be "Sept")
    const luxon = (iso: string, pattern: string) => {
      const dt = DateTime.fromISO(iso, { setZone: true }).setZone("Asia/Kolkata").setLocale("en-US");
      const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][dt.month - 1];
      return dt.toFormat(pattern.replace("MMM", `'${month}'`));
    };
    // a pseudo-random walk over 155 years (seeded: the same instants each run), and the edges
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const instants = [
      "1945-10-14T18:29:59Z", // the last second of +06:30 (luxon's path)
      "1945-10-14T18:30:00Z", // the first of +05:30 ever since
      "1942-09-01T00:00:00Z", // war time, +06:30
      "1999-12-31T18:29:59.999Z",
      "1999-12-31T18:30:00Z",
      "2026-02-28T18:30:00+05:30",
      "2024-02-29T23:59:59-08:00",
    ];
    for (let i = 0; i < 400; i++)
      instants.push(new Date(Date.UTC(1945, 10, 1) + (next() / 2147483647) * 155 * 365.25 * 86_400_000).toISOString());
    for (const iso of instants) {
      for (const pattern of formats) expect(formatIndiaTime(iso, pattern), `${iso} ${pattern}`).toBe(luxon(iso, pattern));
      expect(formatIndiaTime(new Date(iso), "d/M/yy h:mm a")).toBe(
        DateTime.fromISO(iso).setZone("Asia/Kolkata").setLocale("en-US").toFormat("d/M/yy h:mm a"),
      );
    }
    expect(formatIndiaTime("1942-09-01T00:00:00Z", "yyyy-MM-dd HH:mm")).toBe("1942-09-01 06:30");
    expect(formatIndiaTime("1945-10-14T18:30:00Z", "yyyy-MM-dd HH:mm")).toBe("1945-10-15 00:00");
  });

  test("missing or unreadable values give the fallback", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDate("", "N/A")).toBe("N/A");
    expect(formatDate("not a date", "N/A")).toBe("N/A");
  });

  test("the provider list's dates", () => {
    const row = toProviderRow({
      serviceProvider_id: 1,
      userId: { id: 2, username: "asha", phone: "", status: "Active", verified: true, lastSeen: MARCH },
      category: null,
      plan: null,
      stage: "Free",
      created_at: SEPTEMBER,
      updated_at: SEPTEMBER,
      refresh_at: null,
      last_accepted_agreement: null,
      is_pro: false,
      admin_rating: 10,
      boosterPoints: 0,
    } as unknown as Parameters<typeof toProviderRow>[0]);
    expect(row).toMatchObject({ regDate: "27-Sep-2025", updateDate: "27-Sep-2025", refreshAt: "N/A", lastLogin: "04-Mar-2026" });
  });

  test("notifications: the moment and, after a week, the date", () => {
    const entry: AuditEntry = {
      id: 1,
      admin_user_id: 1,
      admin_username: "admin",
      action: "update",
      entity: "category",
      entity_id: "3",
      before: null,
      after: null,
      created_at: SEPTEMBER,
    };
    const notice = describeAuditEntry(entry, DateTime.fromISO("2025-11-01T00:00:00Z"));
    expect(notice).toMatchObject({ text: "admin updated category #3", when: "27-Sep-2025", at: "27-09-2025 10:30" });
  });

  test("the API's conflict messages name the time the same way", () => {
    expect(formatIst(new Date(SEPTEMBER))).toBe("27-Sep-2025 10:30:00 IST");
    expect(formatIst(new Date(MARCH))).toBe("04-Mar-2026 00:15:00 IST");
  });

  test("the screens whose format the spec names keep it (spec 3: comments, the bucket manager)", () => {
    expect(formatCommentDate(SEPTEMBER)).toBe("Sep 27, 2025 10:30");
    expect(formatUploadedAt(SEPTEMBER)).toBe("Sep 27, 2025, 10:30:00 AM");
    expect(formatUploadedAt(MARCH)).toBe("Mar 4, 2026, 12:15:00 AM");
  });

  test("the time zone is said once per page, not after every date", () => {
    expect(TIME_ZONE_NOTE).toBe("Times in India Standard Time (IST).");
    for (const value of [
      formatDate(SEPTEMBER),
      formatDateTime(SEPTEMBER),
      formatTimestamp(SEPTEMBER),
      formatCommentDate(SEPTEMBER),
      formatUploadedAt(SEPTEMBER),
    ]) {
      expect(value).not.toMatch(/IST|India/);
    }
  });

  test("every date in app/ goes through app/utils/dates.ts: no other date pattern, Intl date format or zone suffix", () => {
    const root = path.resolve("app");
    const files = (readdirSync(root, { recursive: true }) as string[]).filter(
      (f) => /\.tsx?$/.test(f) && !["dates.ts", "time-zone.ts"].includes(path.relative("utils", f)),
    );
    const DATE_CODE = [
      /Intl\.DateTimeFormat/,
      /toLocale(Date|Time)String/,
      /\.toFormat\(/,
      /formatIndiaTime\([^,()]*,\s*["'`]/, // a pattern written in place
      /["'`][^"'`\n]*\b(yyyy|MMM)\b[^"'`\n]*["'`]/, // a luxon pattern string
      /MOMENT_(SECONDS_)?FORMAT/, // "… 10:30 IST": the API's sentences only
      /'IST'|\d IST\b|\(IST\)/,
    ];
    const found = files.flatMap((file) =>
      readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .map((line, i) => ({ line: line.trim(), at: `app/${file}:${i + 1}` }))
        .filter(({ line }) => !line.startsWith("*") && !line.startsWith("//") && DATE_CODE.some((re) => re.test(line)))
        .map(({ line, at }) => `${at}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});
