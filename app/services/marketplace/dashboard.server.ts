import { z } from "zod";
import { DashboardStats } from "~/models/audit";
import { apiRequest, type Caller } from "./client.server";

const DashboardAnswer = z.object({ data: DashboardStats });

/** GET /dashboard-stats: the figures the dashboard shows. */
export async function getDashboardStats(caller: Caller) {
  const answer = await apiRequest("/dashboard-stats", { caller, answer: DashboardAnswer });
  return answer.data;
}
