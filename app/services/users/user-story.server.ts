import { hasAccess } from "~contract/access";
import type { AdminUser } from "~contract/admin-users";
import { orderStatusLabel } from "~contract/order-labels";
import { PAYMENT_STATUS_LABELS } from "~contract/payment-labels";
import { USER_STORY_SECTION_NAMES, USER_STORY_SECTIONS, type UserStory, type UserStorySection } from "~contract/user-story";
import { openEntryPath } from "~/models/access";
import { serviceTypeLabel } from "~/models/order-labels";
import {
  CUSTOMER_PARAM,
  USER_STORY_TITLES,
  type StatusChangeView,
  type StorySectionView,
  type UserStoryPageData,
} from "~/models/user-story";
import type { Marketplace } from "~/services/marketplace/index.server";
import { toRow } from "~/services/users/users-list.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { formatInr } from "~shared/money";

/** The sections this admin may see: each needs the access of the area its rows come from. */
export function userStorySectionsFor(admin: AdminUser): UserStorySection[] {
  return USER_STORY_SECTION_NAMES.filter((section) => hasAccess(admin.adminAccessRoleSettings, USER_STORY_SECTIONS[section]));
}

const withQuery = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

const STATUS_WORDS: Record<string, string> = { true: "Active", false: "Blocked" };

function historyView(story: UserStory): StatusChangeView[] {
  return story.history.map((change) => {
    const word = (value: string | null) => (value === null ? "—" : change.field === "is_active" ? (STATUS_WORDS[value] ?? value) : value);
    return {
      key: `${change.audit_id}-${change.field}`,
      at: formatDateTime(change.at),
      by: change.admin_username ?? "—",
      what: change.field === "is_active" ? "Status" : "Account status",
      from: word(change.from),
      to: word(change.to),
    };
  });
}

/** Each section the API answered, as rows of cells linking to their pages where the admin may open them. */
function sectionViews(story: UserStory, access: readonly string[]): StorySectionView[] {
  const { username, email } = story.user;
  const providerPage = (id: number) => openEntryPath(access, "/admin/service-provider", `/admin/provider-details/${id}`);
  const orderPage = (orderId: number) => openEntryPath(access, "/admin/bookings", `/admin/bookings/${orderId}`);
  const views: StorySectionView[] = [];
  const add = (key: UserStorySection, view: Omit<StorySectionView, "key" | "title" | "total">) => {
    const section = story[key];
    if (section) views.push({ key, title: USER_STORY_TITLES[key], total: section.total, ...view });
  };
  add("orders", {
    seeAll: withQuery("/admin/bookings", { [CUSTOMER_PARAM]: String(story.user.id) }),
    headers: ["Order", "Date", "Service", "Provider", "Charges", "Status"],
    rows: (story.orders?.rows ?? []).map((o) => ({
      key: String(o.order_id),
      cells: [
        { text: o.short_id, href: orderPage(o.order_id) },
        { text: formatDate(o.created_at) },
        { text: serviceTypeLabel(o.serviceType) },
        { text: o.serviceProviderUsername, href: providerPage(o.serviceProviderId) },
        { text: formatInr(o.charges) },
        { text: orderStatusLabel(o.status) },
      ],
    })),
    empty: "No orders.",
  });
  add("payments", {
    seeAll: withQuery("/admin/payments", { [CUSTOMER_PARAM]: String(story.user.id) }),
    headers: ["Order", "Date", "Amount", "Payment status"],
    rows: (story.payments?.rows ?? []).map((p) => ({
      key: String(p.payment_id),
      cells: [
        { text: p.short_id, href: openEntryPath(access, "/admin/payments", `/admin/payments/${p.short_id}`) },
        { text: formatDateTime(p.payment_date) },
        { text: formatInr(p.total_amount) },
        { text: PAYMENT_STATUS_LABELS[p.payment_status] },
      ],
    })),
    empty: "No payments.",
  });
  add("ratings", {
    seeAll: withQuery("/admin/rating", { [CUSTOMER_PARAM]: String(story.user.id) }),
    headers: ["Order", "Date", "Provider", "Rating", "Comment"],
    rows: (story.ratings?.rows ?? []).map((r) => ({
      key: String(r.rating_id),
      cells: [
        { text: r.short_id, href: orderPage(r.order_id) },
        { text: formatDate(r.created_at) },
        { text: r.serviceProviderUsername },
        { text: r.type },
        { text: r.comment || "—" },
      ],
    })),
    empty: "No ratings given.",
  });
  add("contacts", {
    seeAll: email ? withQuery("/admin/list-contacts", { search: email }) : null,
    headers: ["Subject", "Date", "Name", "Message"],
    rows: (story.contacts?.rows ?? []).map((c) => ({
      key: String(c.id),
      cells: [
        { text: c.subject || "(no subject)", href: withQuery("/admin/list-contacts", { dialog: "message", id: String(c.id) }) },
        { text: formatDate(c.created_at) },
        { text: c.name },
        { text: c.message.length > 80 ? `${c.message.slice(0, 79)}…` : c.message },
      ],
    })),
    empty: "No contact messages from this user's email.",
  });
  add("queries", {
    seeAll: withQuery("/admin/query-msg", { search: username }),
    headers: ["Provider", "Messages", "Last message"],
    rows: (story.queries?.rows ?? []).map((q) => ({
      key: String(q.id),
      cells: [
        { text: q.serviceProviderUsername, href: withQuery("/admin/query-msg", { query: String(q.id) }) },
        { text: String(q.chat_count) },
        { text: formatDateTime(q.date) },
      ],
    })),
    empty: "No customer queries.",
  });
  return views;
}

/**
 * /admin/user/<id>: the user's profile and status history (the User area's own) and the sections of
 * the other areas this admin holds — only those are asked of the API. An unknown or deleted user is
 * the 404 page (the guarded client throws it).
 */
export async function userStoryLoader(admin: AdminUser, api: Marketplace, userId: number): Promise<UserStoryPageData> {
  const access = admin.adminAccessRoleSettings;
  const story = await api.getUserStory(userId, userStorySectionsFor(admin));
  const row = toRow(story.user);
  return {
    profile: {
      id: row.id,
      username: row.username,
      name: row.name,
      email: row.email,
      phone: row.phone,
      joined: row.joined,
      active: row.active,
      rating: row.rating,
      providerId: row.providerId,
      providerHref:
        row.providerId === null ? null : openEntryPath(access, "/admin/service-provider", `/admin/provider-details/${row.providerId}`),
    },
    history: historyView(story),
    sections: sectionViews(story, access),
  };
}
