/** What only the admin uses of ~contract/customer-queries (the shared part stays in contract/customer-queries.ts). */
import { ChatPageAnswer } from "~contract/customer-queries";
import { z } from "zod";
import { MAX_ATTEMPTS, type CustomerQuerySortField } from "~contract/customer-query-labels";

export type ChatPage = z.infer<typeof ChatPageAnswer>["data"];

export const MAX_ATTEMPTS_LISTED = MAX_ATTEMPTS;

// ——— the admin's page (types only) ———

export type PhoneView = { text: string; href: string | null };

export type QueryRow = {
  id: number;
  /** the customer's users.id (their page: /admin/user/<id>) */
  userId: number;
  user: string;
  userPhone: PhoneView;
  provider: string;
  providerPhone: PhoneView;
  chatCount: number;
  date: string;
};

export type AttemptView = {
  id: number;
  number: number;
  date: string;
  content: string | null;
  providerName: string;
  userName: string;
  notes: string;
};

export type MessageView = {
  id: number;
  sender: string;
  /** the text, or else the service query's requirements as plain text */
  text: string;
  hasService: boolean;
  date: string;
};

export type ChatView = {
  messages: MessageView[];
  /** the URL keys of this page (before=…, after=…, or none: the latest) */
  cursor: string;
  /** "Older messages": ?before=<first id> */
  olderCursor: number | null;
  /** "Newer messages" (no JS, after going back): ?after=<last id> */
  newerCursor: number | null;
  chatCount: number;
};

export type PriceBlock = {
  title: string;
  price: string;
  deliveryTime: string;
  limits: string[];
  description: string | null;
  chosen: boolean;
};

export type ServiceDetailsView = {
  messageId: number;
  subCategory: string;
  requirements: string;
  query: string;
  offering: string;
  type: string;
  specialties: string[];
  inclusions: string[];
  prices: PriceBlock[];
};

export type QueryNotice = { title: string; message: string; tone: "info" | "error" };

export type QueryDetails = {
  id: number;
  userId: number;
  providerUserId: number;
  customer: { name: string; phone: PhoneView };
  provider: { name: string; phone: PhoneView };
  userAttempts: AttemptView[];
  providerAttempts: AttemptView[];
  chat: ChatView;
};

export type QueryConfirm = { kind: "delete-message"; id: number } | { kind: "delete-attempt"; id: number; userId: number };

export type CustomerQueriesPageData = {
  rows: QueryRow[];
  total: number;
  page: number;
  pageSize: number;
  filters: { search: string; start_date: string; end_date: string };
  /** the URL's sort (null: newest first) */
  sort: { field: CustomerQuerySortField; order: "asc" | "desc" } | null;
  filterErrors: string[];
  loadError: QueryNotice | null;
  details: QueryDetails | null;
  service: ServiceDetailsView | null;
  confirm: QueryConfirm | null;
  notice: QueryNotice | null;
};

export type QueryActionFailure = { notice: QueryNotice };
