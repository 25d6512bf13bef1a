import { z } from "zod";
import { DashboardFigures, type DashboardSection } from "~contract/dashboard";
import { apiRequest, type Caller } from "./client.server";

const DashboardAnswer = z.object({ data: DashboardFigures });

/** GET /dashboard-stats: the figures of these sections only. */
export async function getDashboardStats(caller: Caller, sections: readonly DashboardSection[]) {
  const answer = await apiRequest("/dashboard-stats", { query: { sections: sections.join(",") }, caller, answer: DashboardAnswer });
  return answer.data;
}
