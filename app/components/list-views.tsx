import { Form, useLocation, useRouteLoaderData } from "@remix-run/react";
import { SubmissionKey } from "~/components/submission-key";
import { Button, Flex, Text } from "~/components/ui";
import { SAVED_VIEW_MESSAGES, VIEW_NAME_MAX } from "~contract/saved-view-labels";
import { NO_VIEW, sameView, VIEW_INTENTS, VIEW_PARAM, viewQuery, type ListViewsData, type ViewLink } from "~/models/list-views";

/**
 * A list's saved views (issue 32 §4), beside its filter: each view a link (`?view=<id>`, so a sent
 * or bookmarked link follows the view as it is saved later), the admin's default marked, and the
 * forms to save the page as a view, make one the default, or delete one's own. A disclosure
 * (<details>): it opens and its forms post without JavaScript; the views come with the shell's data.
 */
export function ListViews() {
  const data = useRouteLoaderData<{ listViews: ListViewsData | null }>("routes/admin")?.listViews;
  const location = useLocation();
  if (!data) return null;
  const { list, path, views } = data;
  const current = viewQuery(location.search);
  const active = views?.find((view) => sameView(view.query, current));

  return (
    <details className="list-views">
      <summary>{active ? `View: ${active.name}` : views && views.length > 0 ? `Views (${views.length})` : "Views"}</summary>
      <div className="list-views-panel">
        {views === null ? (
          <Text as="p" size="2" color="red" role="alert">
            {SAVED_VIEW_MESSAGES.cannotLoad}
          </Text>
        ) : views.length === 0 ? (
          <Text as="p" size="2" color="gray">
            No saved views yet.
          </Text>
        ) : (
          <ul className="list-views-items" aria-label="Saved views">
            {views.map((view) => (
              <ViewItem key={view.id} view={view} list={list} path={path} back={current} active={view === active} />
            ))}
          </ul>
        )}
        <a href={`${path}?${VIEW_PARAM}=${NO_VIEW}`}>Show the list without a view</a>
        {/* drawn anew after each navigation (a save included): its fields start blank again, as without JS */}
        <Form key={location.key} method="post" action="/admin/views" className="list-views-save">
          <SubmissionKey />
          <input type="hidden" name="list" value={list} />
          <input type="hidden" name="query" value={current} />
          <label htmlFor={`view-name-${list}`}>
            <Text size="2" weight="medium">
              Save this view as
            </Text>
          </label>
          <input
            id={`view-name-${list}`}
            name="name"
            className="native-input"
            required
            maxLength={VIEW_NAME_MAX}
            defaultValue={active?.mine ? active.name : ""}
            autoComplete="off"
          />
          <label>
            <input type="checkbox" name="shared" /> Share with every admin
          </label>
          <label>
            <input type="checkbox" name="isDefault" /> Open this view first on this list
          </label>
          <Button type="submit" name="intent" value={VIEW_INTENTS.save} size="1">
            Save view
          </Button>
        </Form>
      </div>
    </details>
  );
}

function ViewItem({ view, list, path, back, active }: { view: ViewLink; list: string; path: string; back: string; active: boolean }) {
  return (
    <li>
      <Flex align="center" gap="2" wrap="wrap">
        <a href={`${path}?${VIEW_PARAM}=${view.id}`} aria-current={active ? "true" : undefined}>
          {view.name}
        </a>
        {view.shared ? (
          <Text size="1" color="gray">
            {view.mine ? "Shared" : `Shared by ${view.owner}`}
          </Text>
        ) : null}
        {view.isDefault ? (
          <Text size="1" color="green">
            Opens first
          </Text>
        ) : null}
        <Form method="post" action="/admin/views" className="list-views-action">
          <input type="hidden" name="list" value={list} />
          <input type="hidden" name="back" value={back} />
          <input type="hidden" name="viewId" value={view.isDefault ? "" : view.id} />
          <Button
            type="submit"
            name="intent"
            value={VIEW_INTENTS.makeDefault}
            size="1"
            variant="ghost"
            aria-label={`${view.isDefault ? "Stop opening first" : "Open first"}: ${view.name}`}
          >
            {view.isDefault ? "Stop opening first" : "Open first"}
          </Button>
        </Form>
        {view.mine ? (
          <Form method="post" action="/admin/views" className="list-views-action">
            <input type="hidden" name="list" value={list} />
            <input type="hidden" name="back" value={back} />
            <input type="hidden" name="viewId" value={view.id} />
            <Button
              type="submit"
              name="intent"
              value={VIEW_INTENTS.remove}
              size="1"
              variant="ghost"
              color="red"
              aria-label={`Delete view: ${view.name}`}
            >
              Delete
            </Button>
          </Form>
        ) : null}
      </Flex>
    </li>
  );
}
