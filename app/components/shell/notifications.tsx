import { BellIcon } from "~/components/shell/icons";
import type { ShellNotice } from "./types";

/** Recent changes from the audit log; null means the API could not say (the page still works). */
export function Notifications({ notices }: { notices: ShellNotice[] | null }) {
  return (
    <details className="header-menu" name="header-menu">
      <summary aria-label="Notifications">
        <BellIcon />
        {notices && notices.length > 0 ? (
          <span className="badge-count" aria-hidden="true">
            {notices.length}
          </span>
        ) : null}
      </summary>
      <div className="menu-panel wide">
        <div className="menu-heading">Recent changes</div>
        {notices === null ? (
          <p className="notification">Notifications unavailable</p>
        ) : notices.length === 0 ? (
          <p className="notification">No recent changes</p>
        ) : (
          <ul className="menu-list" aria-label="Recent changes">
            {notices.map((notice) => (
              <li key={notice.id} className="notification">
                {notice.text}
                <span className="notification-when" title={notice.at}>
                  {notice.when}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
