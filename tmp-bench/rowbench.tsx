import { renderToString } from "react-dom/server";
import { createElement as h } from "react";
import { ProviderRowMemo } from "~/components/service-providers/list-row-actions";
const rows = Array.from({ length: 50 }, (_, i) => ({
  id: i + 1, userId: i + 1, username: `siddharth.gupta${i}`, category: "Career Counselling", phone: "+91 7046433671",
  regDate: "28-Dec-2025", updateDate: "14-Jan-2026", refreshAt: "15-Jan-2026", plan: "Elite", stage: "Pending",
  status: i % 2 ? "Active" : "Inactive", verified: i % 3 === 0, lastLogin: "17-Jan-2026", agreement: "v2.0", isPro: i % 4 === 0, adminRating: 20, boosterPoints: 0,
}));
const rule = { min: 10, max: 50, message: "x" };
const noop = () => {};
const table = () => h("table", null, h("tbody", null, rows.map((row) => h(ProviderRowMemo as any, { key: row.id, row, action: "/admin/service-provider", detailsHref: `/admin/provider-details/${row.id}?back=%2Fadmin`, boostHref: `/admin/service-provider?dialog=boost&id=${row.id}`, deleteHref: `/admin/service-provider?dialog=delete&id=${row.id}`, checked: false, onCheck: noop, ui: undefined, refused: undefined, rule }))));
let html = "";
for (let i = 0; i < 100; i++) html = renderToString(table());
const N = Number(process.env.N ?? 400);
const { cpuUsage } = process;
const c0 = cpuUsage(); const t0 = performance.now();
for (let i = 0; i < N; i++) html = renderToString(table());
const c1 = cpuUsage(c0);
console.log(`html ${html.length} bytes; ${((performance.now() - t0) / N).toFixed(3)} ms wall, ${((c1.user + c1.system) / 1000 / N).toFixed(3)} ms cpu per 50-row render`);
