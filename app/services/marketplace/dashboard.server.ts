import { sectionsQuery } from "~contract/sections";
import { z } from "zod";
import { DashboardFigures, DashboardTrends, type DashboardSection, type DashboardTrendSection } from "~contract/dashboard";
import { apiRequest, type Caller } from "./client.server";

const DashboardAnswer = z.object({ data: DashboardFigures });

/** GET /dashboard-stats: the figures of these sections only. */
export async function getDashboardStats(caller: Caller, sections: readonly DashboardSection[]) {
  const answer = await apiRequest("/dashboard-stats", { query: { sections: sectionsQuery(sections) }, caller, answer: DashboardAnswer });
  return answer.data;
}

const TrendsAnswer = z.object({ data: DashboardTrends });

/** GET /dashboard-trends: these sections' charts over the days from … to (India time, both included). */
export async function getDashboardTrends(caller: Caller, sections: readonly DashboardTrendSection[], range: { from: string; to: string }) {
  const answer = await apiRequest("/dashboard-trends", {
    query: { sections: sectionsQuery(sections), ...range },
    caller,
    answer: TrendsAnswer,
  });
  return answer.data;
}
