import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import type { SyntheticEvent } from "react";
import { BellIcon } from "~/components/shell/icons";
import { MARK_SEEN_PATH } from "~/models/audit-access";
import type { ShellNotices } from "./types";

/**
 * Recent changes of the areas this admin may open, each linking to its record; null means the API
 * could not say (the page still works). The badge counts what others changed since the admin last
 * read them: opening the menu marks them read (JavaScript), "Mark all read" does it without.
 */
export function Notifications({ notices }: { notices: ShellNotices | null }) {
  const location = useLocation();
  const fetcher = useFetcher<{ error?: string }>({ key: "notifications-seen" });
  const marking = fetcher.state !== "idle";
  const unread = notices && !marking ? notices.unread : 0;
  const markOnOpen = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (!event.currentTarget.open || !notices || notices.unread === 0 || marking) return;
    fetcher.submit({ up_to: String(notices.upTo) }, { method: "post", action: MARK_SEEN_PATH });
  };
  return (
    <details className="header-menu" name="header-menu" onToggle={markOnOpen}>
      <summary aria-label={unread > 0 ? `Notifications: ${notices?.unreadText} unread` : "Notifications"}>
        <BellIcon />
        {unread > 0 ? (
          <span className="badge-count" aria-hidden="true">
            {notices?.unreadText}
          </span>
        ) : null}
      </summary>
      <div className="menu-panel wide">
        <div className="menu-heading">Recent changes</div>
        {fetcher.data?.error ? (
          <p className="notification" role="alert">
            {fetcher.data.error}
          </p>
        ) : null}
        {notices === null ? (
          <p className="notification">Notifications unavailable</p>
        ) : notices.items.length === 0 ? (
          <p className="notification">No recent changes</p>
        ) : (
          <ul className="menu-list" aria-label="Recent changes">
            {notices.items.map((notice) => (
              <li key={notice.id} className={notice.unread ? "notification is-unread" : "notification"}>
                {notice.href ? <Link to={notice.href}>{notice.text}</Link> : notice.text}
                {notice.unread ? <span className="visually-hidden"> (unread)</span> : null}
                <span className="notification-when" title={notice.at}>
                  {notice.when}
                </span>
              </li>
            ))}
          </ul>
        )}
        {notices && notices.unread > 0 ? (
          <Form method="post" action={MARK_SEEN_PATH} className="notification-actions">
            <input type="hidden" name="up_to" value={notices.upTo} />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button type="submit" className="menu-item">
              Mark all read
            </button>
          </Form>
        ) : null}
      </div>
    </details>
  );
}
