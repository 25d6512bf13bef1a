import { useState } from "react";
import { Form, Link, useLocation } from "@remix-run/react";
import { Button, Flex, Text } from "~/components/ui";
import type { ProviderRow } from "./list-query.server";
import { ProCell, RatingCell, RefreshCell, StatusCell, useHydrated, VerifyCell, type RatingRule } from "./list-row-actions";

type Sort = { field: string; order: "asc" | "desc" | "" };

/** asc → desc → none, every other key kept, back to page 1. */
function useSortHref(sort: Sort) {
  const location = useLocation();
  return (field: string) => {
    const params = new URLSearchParams(location.search);
    for (const key of ["page", "dialog", "id", "select", "to"]) params.delete(key);
    const current = sort.field === field ? sort.order : "";
    const next = current === "" ? "asc" : current === "asc" ? "desc" : "";
    if (next) {
      params.set("sortField", field);
      params.set("sortOrder", next);
    } else {
      params.delete("sortField");
      params.delete("sortOrder");
    }
    const query = params.toString();
    return location.pathname.replace(/\/send-email$/, "") + (query ? `?${query}` : "");
  };
}

function SortHeader({ field, label, sort, href }: { field: string; label: string; sort: Sort; href: (f: string) => string }) {
  const order = sort.field === field ? sort.order : "";
  return (
    <th scope="col" aria-sort={order === "asc" ? "ascending" : order === "desc" ? "descending" : undefined}>
      <Link to={href(field)} preventScrollReset aria-label={`Sort by ${label}`}>
        {label}
        <span aria-hidden="true">{order === "asc" ? " ▲" : order === "desc" ? " ▼" : " ↕"}</span>
      </Link>
    </th>
  );
}

type ProviderTableProps = {
  rows: ProviderRow[];
  sort: Sort;
  /** the list URL (path + list keys): row forms post to it and come back to it */
  listUrl: string;
  /** the list's own query keys, carried by the bulk-email form */
  listParams: [string, string][];
  /** user ids checked when the page is rendered (?select=all, or the dialog's recipients) */
  initiallySelected: number[];
  selectAllHref: string;
  dialogHref: (kind: "delete" | "boost", id: number) => string;
  ratingRule: RatingRule;
};

export const EMAIL_FORM_ID = "bulk-email";

export function ProviderTable({ rows, sort, listUrl, listParams, initiallySelected, selectAllHref, dialogHref, ratingRule }: ProviderTableProps) {
  const hydrated = useHydrated();
  const sortHref = useSortHref(sort);
  const [selected, setSelected] = useState<number[]>(initiallySelected);
  const [seenInitial, setSeenInitial] = useState(initiallySelected.join(","));
  if (seenInitial !== initiallySelected.join(",")) {
    setSeenInitial(initiallySelected.join(","));
    setSelected(initiallySelected);
  }
  const onPage = rows.map((r) => r.userId);
  const chosen = selected.filter((id) => onPage.includes(id));
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const toggle = (id: number, on: boolean) => setSelected((ids) => (on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id)));

  return (
    <>
      <Form id={EMAIL_FORM_ID} method="get" action="/admin/service-provider/send-email" preventScrollReset>
        {listParams.map(([key, value], i) => (
          <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
        ))}
        <Flex gap="3" align="center" mb="3" wrap="wrap">
          <Button type="submit" disabled={hydrated && chosen.length === 0}>
            Email {hydrated ? chosen.length : ""}
          </Button>
          {hydrated ? null : (
            <Link to={selectAllHref} preventScrollReset>
              Select all on this page
            </Link>
          )}
        </Flex>
      </Form>
      <div className="table-wrap provider-table-wrap">
        <table className="data-table provider-table">
          <caption className="visually-hidden">Service Providers</caption>
          <thead>
            <tr>
              <th scope="col">
                {hydrated ? (
                  <input
                    type="checkbox"
                    className="native-checkbox"
                    aria-label="Select all on this page"
                    checked={allChosen}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      setSelected((ids) => (on ? [...new Set([...ids, ...onPage])] : ids.filter((id) => !onPage.includes(id))));
                    }}
                  />
                ) : (
                  <span className="visually-hidden">Select</span>
                )}
              </th>
              <SortHeader field="username" label="Provider Username" sort={sort} href={sortHref} />
              <th scope="col">Category</th>
              <th scope="col">Contact No</th>
              <SortHeader field="created_at" label="Reg Date" sort={sort} href={sortHref} />
              <SortHeader field="updated_at" label="Update Date" sort={sort} href={sortHref} />
              <SortHeader field="refresh_at" label="Refresh At" sort={sort} href={sortHref} />
              <th scope="col">Plan</th>
              <th scope="col">Stage</th>
              <th scope="col">Actions</th>
              <th scope="col">Status</th>
              <th scope="col">Verification</th>
              <SortHeader field="last_login" label="Last Login, Accepted T&C" sort={sort} href={sortHref} />
              <th scope="col">Refresh</th>
              <th scope="col">Boosting Point</th>
              <th scope="col">Pro</th>
              <th scope="col">Admin Rating</th>
              <th scope="col">Delete</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={18}>
                  <Flex direction="column" align="center" py="5">
                    <Text size="3" weight="medium">
                      No Data Found
                    </Text>
                  </Flex>
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <input
                      type="checkbox"
                      className="native-checkbox"
                      form={EMAIL_FORM_ID}
                      name="to"
                      value={row.userId}
                      checked={selected.includes(row.userId)}
                      onChange={(event) => toggle(row.userId, event.currentTarget.checked)}
                      aria-label={`Select ${row.username}`}
                    />
                  </td>
                  <td>
                    <Text weight="medium">{row.username}</Text>
                  </td>
                  <td>{row.category}</td>
                  <td className="nowrap">{row.phone}</td>
                  <td className="nowrap">{row.regDate}</td>
                  <td className="nowrap">{row.updateDate}</td>
                  <td className="nowrap">{row.refreshAt}</td>
                  <td>{row.plan}</td>
                  <td>{row.stage}</td>
                  <td>
                    <Link
                      to={`/admin/provider-details/${row.id}?back=${encodeURIComponent(listUrl)}`}
                      aria-label={`View ${row.username}`}
                    >
                      View
                    </Link>
                  </td>
                  <td>
                    <StatusCell row={row} action={listUrl} />
                  </td>
                  <td>
                    <VerifyCell row={row} action={listUrl} />
                  </td>
                  <td className="nowrap">
                    <div>{row.lastLogin}</div>
                    <Text size="1" color="gray">
                      {row.agreement}
                    </Text>
                  </td>
                  <td>
                    <RefreshCell row={row} action={listUrl} />
                  </td>
                  <td>
                    <Flex gap="2" align="center" wrap="nowrap">
                      <Text>{row.boosterPoints}</Text>
                      <Link to={dialogHref("boost", row.id)} preventScrollReset aria-label={`Add boosting point for ${row.username}`}>
                        Add
                      </Link>
                    </Flex>
                  </td>
                  <td>
                    <ProCell row={row} action={listUrl} />
                  </td>
                  <td>
                    <RatingCell row={row} action={listUrl} rule={ratingRule} />
                  </td>
                  <td>
                    <Link to={dialogHref("delete", row.id)} preventScrollReset aria-label={`Delete ${row.username}`} style={{ color: "var(--red-11)" }}>
                      Delete
                    </Link>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <style dangerouslySetInnerHTML={{ __html: TABLE_CSS }} />
    </>
  );
}

const TABLE_CSS = `
.provider-table-wrap { max-width: 100%; }
.provider-table { min-width: 1800px; }
.provider-table td.nowrap, .provider-table .nowrap { white-space: nowrap; }
.provider-table th a { color: inherit; text-decoration: none; }
.provider-table .rt-Button { white-space: nowrap; }
`;
