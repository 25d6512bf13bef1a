/**
 * One admin click followed through both servers (issue 35 §2): the save's audit entry shows its
 * request id; the e2e servers' log (JSON lines, tests/support/e2e-server.mjs) has the admin's line
 * and the API's line with that id, each naming its route pattern; and both servers' /metrics count
 * the request under the pattern. Runs with JavaScript on and off.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { newCategory } from "../support/records";
import { E2E_SERVER_LOG } from "../support/test-env.mjs";
import { E2E, expect, test } from "./fixtures";

const toasts = (page: Page) => page.locator(".toasts");

type LogLine = { name: string; reqId?: string; method?: string; route?: string; status?: number; admin?: number; msg: string };

/** The e2e servers' JSON log lines carrying this request id. */
function linesOf(requestId: string): LogLine[] {
  return readFileSync(E2E_SERVER_LOG, "utf8")
    .split("\n")
    .filter((line) => line.includes(`"reqId":"${requestId}"`))
    .map((line) => JSON.parse(line.slice(line.indexOf("{"))) as LogLine);
}

async function metricsOf(url: string): Promise<string> {
  const answer = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${E2E.metricsToken}` } });
  expect(answer.status).toBe(200);
  return answer.text();
}

test("a save's audit entry names its request, found on the admin's and the API's log lines and in both /metrics", async ({
  page,
  apiCall,
  loginAs,
}) => {
  await loginAs("admin");
  const mine = await newCategory<{ category_id: number }>(apiCall);
  await page.goto(`/admin/edit-categories/${mine.category_id}`);
  await page.getByLabel("Category Description").fill("Followed through both servers' logs and the audit log");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page)).toContainText("Category Data Updated Successfully");

  const { data } = await apiCall<{ data: { id: number; action: string; request_id: string | null }[] }>(
    `/audit-entries?entity=category&entity_id=${mine.category_id}&action=update`,
  );
  expect(data).toHaveLength(1);
  const requestId = data[0].request_id;
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

  // the entry's dialog shows it, for the admin who reports a problem
  await page.goto(`/admin/audit-log?entry=${data[0].id}`);
  await expect(page.getByRole("dialog")).toContainText(`request ${requestId}`);

  // both servers logged the request under that id: the admin's form post and the API's update
  await expect
    .poll(() => linesOf(requestId!).map((line) => `${line.name} ${line.method} ${line.route}`))
    .toEqual(expect.arrayContaining(["admin POST /admin/edit-categories/:categoryid", "api PATCH /update-category"]));
  const lines = linesOf(requestId!);
  expect(lines.find((line) => line.name === "api" && line.method === "PATCH")).toMatchObject({ status: 201, admin: 1, msg: "request" });
  expect(lines.find((line) => line.name === "admin" && line.method === "POST")?.admin).toBe(1);

  // and both /metrics count such requests by their pattern, never by the id in the URL
  const adminMetrics = await metricsOf(E2E.adminUrl);
  expect(adminMetrics).toMatch(/http_requests_total\{method="POST",route="\/admin\/edit-categories\/:categoryid",status="\d+"\} [1-9]/);
  expect(adminMetrics).not.toContain(`/admin/edit-categories/${mine.category_id}`);
  expect(await metricsOf(E2E.apiUrl)).toMatch(/http_requests_total\{method="PATCH",route="\/update-category",status="201"\} [1-9]/);
});
