import { hasAccess } from "~contract/access";
import { openEntryPath } from "~/models/access";
import type { AdminUser } from "~contract/admin-users";
import { DASHBOARD_SECTION_NAMES, DASHBOARD_SECTIONS, type DashboardFigures, type DashboardSection } from "~contract/dashboard";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatInr } from "~shared/money";

export type DashboardCard = { label: string; value: string; note?: string; to: string | null };

/** The sections whose figures this admin may see: each needs the access of the area it comes from. */
export function dashboardSectionsFor(admin: AdminUser): DashboardSection[] {
  return DASHBOARD_SECTION_NAMES.filter((section) => hasAccess(admin.adminAccessRoleSettings, DASHBOARD_SECTIONS[section]));
}

/**
 * The dashboard's cards for this admin: only the figures of the areas it may open are asked for
 * (nothing at all without any), and a card links only to a built page the admin may open.
 */
export async function dashboardCards(admin: AdminUser, api: Marketplace): Promise<{ cards: DashboardCard[]; error: string | null }> {
  const sections = dashboardSectionsFor(admin);
  if (sections.length === 0) return { cards: [], error: null };
  let stats: DashboardFigures;
  try {
    stats = await api.raw.getDashboardStats(sections);
  } catch (failure) {
    if (!(failure instanceof MarketplaceError)) throw failure;
    return { cards: [], error: failure.message };
  }
  const access = admin.adminAccessRoleSettings;
  const cards: DashboardCard[] = [];
  const add = (card: Omit<DashboardCard, "value"> & { value: string | undefined }) => {
    if (card.value !== undefined) cards.push({ ...card, value: card.value });
  };
  if (sections.includes("categories")) {
    const to = openEntryPath(access, "/admin/category");
    add({ label: "Categories", value: count(stats.categories), to });
    add({ label: "Sub-categories", value: count(stats.subCategories), to });
    add({ label: "FAQs", value: count(stats.faqs), to });
  }
  if (sections.includes("bookings")) {
    add({ label: "Bookings today", value: count(stats.bookingsToday), to: openEntryPath(access, "/admin/bookings") });
  }
  if (sections.includes("payments")) {
    add({
      label: "Payments awaiting release",
      value: count(stats.paymentsAwaitingRelease),
      // the Payments filter that lists exactly the payments this card counts
      to: openEntryPath(access, "/admin/payments", "/admin/payments?releasable=yes"),
    });
    add({
      label: "Release requests awaiting approval",
      value: count(stats.releaseRequestsAwaitingApproval),
      note: "need a second admin",
      to: openEntryPath(access, "/admin/payments", "/admin/payments?release_state=requested"),
    });
    add({
      label: "Revenue this month",
      value: stats.revenueThisMonth === undefined ? undefined : formatInr(stats.revenueThisMonth),
      note: "successful payments, IST month",
      to: openEntryPath(access, "/admin/order-payment-status"),
    });
  }
  if (sections.includes("admin-users")) {
    add({
      label: "Admin users",
      value: count(stats.adminUsers),
      note: stats.activeAdminUsers === undefined ? undefined : `${count(stats.activeAdminUsers)} active`,
      to: openEntryPath(access, "/admin/list-admin-users"),
    });
  }
  if (sections.includes("messages")) {
    add({
      label: "Failed messages",
      value: count(stats.failedMessages),
      note: stats.waitingMessages === undefined ? undefined : `${count(stats.waitingMessages)} waiting to be sent`,
      // Sent Messages filtered to exactly the rows this card counts
      to: openEntryPath(access, "/admin/service-provider", "/admin/service-provider/messages?status=failed"),
    });
  }
  return { cards, error: null };
}

function count(n: number | undefined) {
  return n === undefined ? undefined : n.toLocaleString("en-IN");
}
