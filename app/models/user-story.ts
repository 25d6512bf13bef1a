/** The user's page (/admin/user/<id>, issue 33 part 4): what its loader hands the page (types and words only). */
import type { UserStorySection } from "~contract/user-story";

/** The URL key of one customer's records in the lists of orders, payments and ratings (?user=<users.id>: the story's "See all"). */
export const CUSTOMER_PARAM = "user";

export const USER_STORY_TITLES: Record<UserStorySection, string> = {
  orders: "Orders and bookings",
  payments: "Payments",
  ratings: "Ratings given",
  contacts: "Contact messages",
  queries: "Customer queries",
};

/** A cell: text, or text that opens a page (null href: plain text, the admin may not open it). */
export type StoryCell = { text: string; href?: string | null };

export type StorySectionView = {
  key: UserStorySection;
  title: string;
  total: number;
  /** the area's list narrowed to this user (null: that list cannot narrow to one user) */
  seeAll: string | null;
  headers: string[];
  rows: { key: string; cells: StoryCell[] }[];
  empty: string;
};

export type StatusChangeView = { key: string; at: string; by: string; what: string; from: string; to: string };

export type UserStoryPageData = {
  profile: {
    id: number;
    username: string;
    name: string;
    email: string;
    phone: string;
    joined: string;
    active: boolean;
    rating: string;
    /** their provider profile's id when they are also a provider, and its page when the admin may open it */
    providerId: number | null;
    providerHref: string | null;
  };
  history: StatusChangeView[];
  /** only the sections of the areas this admin may open, in the page's order */
  sections: StorySectionView[];
};
