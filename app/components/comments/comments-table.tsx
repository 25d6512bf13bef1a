import { useState } from "react";
import { Form, Link, useLocation } from "@remix-run/react";
import { DataTable, tableColumns, type Column } from "~/components/data-table";
import { Badge, Button, Flex, Text, useHydrated } from "~/components/ui";
import { COMMENT_COLUMNS, type CommentRow, type CommentsPageData } from "~/models/comments";

export const BULK_FORM_ID = "comments-bulk";
/** the list's own keys, carried by the bulk form (its Delete asks for the confirmation by GET) */
const LIST_KEYS = ["search", "status", "page", "page_size", "sortField", "sortOrder"] as const;

type Props = { rows: CommentRow[]; sort: CommentsPageData["sort"]; selected: number[]; searched: boolean };

/**
 * The comments table and its bulk bar. The checkboxes belong to one form (form="comments-bulk"):
 * Approve / Un-approve selected post it; Delete selected sends it by GET to the same list, which
 * opens the confirmation (?dialog=bulk-delete&ids=…). With JS: a header checkbox and a live count.
 */
export function CommentsTable({ rows, sort, selected: initiallySelected, searched }: Props) {
  const scripted = useHydrated();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const here = location.pathname + location.search;
  const [selected, setSelected] = useState<number[]>(initiallySelected);
  const [seen, setSeen] = useState(initiallySelected.join(","));
  if (seen !== initiallySelected.join(",")) {
    setSeen(initiallySelected.join(","));
    setSelected(initiallySelected);
  }
  const onPage = rows.map((r) => r.id);
  const chosen = selected.filter((id) => onPage.includes(id));
  const allChosen = rows.length > 0 && chosen.length === rows.length;

  const hrefWith = (set: Record<string, string>, drop: string[] = []) => {
    const next = new URLSearchParams(location.search);
    for (const key of ["comment", "dialog", "id", "ids", "select", ...drop]) next.delete(key);
    for (const [key, value] of Object.entries(set)) next.set(key, value);
    return `${location.pathname}?${next}`;
  };

  const columns: Column<CommentRow>[] = [
    {
      key: "select",
      header: (
        <input
          type="checkbox"
          className="native-checkbox"
          // without JS it could not act: invisible and out of the tab order (the "Select all" link does it)
          style={scripted ? undefined : { visibility: "hidden" }}
          tabIndex={scripted ? undefined : -1}
          aria-label="Select all on this page"
          checked={allChosen}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            setSelected((ids) => (on ? [...new Set([...ids, ...onPage])] : ids.filter((id) => !onPage.includes(id))));
          }}
        />
      ),
      cell: (r) => (
        <input
          type="checkbox"
          className="native-checkbox"
          form={BULK_FORM_ID}
          name="ids"
          value={r.id}
          checked={selected.includes(r.id)}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            setSelected((ids) => (on ? [...ids.filter((x) => x !== r.id), r.id] : ids.filter((x) => x !== r.id)));
          }}
          aria-label={`Select the comment by ${r.author}`}
        />
      ),
      width: "2.5rem",
    },
    ...tableColumns(COMMENT_COLUMNS, {
      author: { cell: (r) => <Text weight="medium">{r.author}</Text> },
      email: {
        cell: (r) => (r.email ? <span style={{ overflowWrap: "anywhere" }}>{r.email}</span> : <Text color="gray">Anonymous</Text>),
      },
      article: { cell: (r) => <span title={r.articleTitle}>{r.article}</span> },
      date: { cell: (r) => <span style={{ whiteSpace: "nowrap" }}>{r.date}</span> },
      status: {
        cell: (r) => (
          <Badge color={r.approved ? "green" : "amber"} variant="soft" radius="full">
            {r.approved ? "Approved" : "Pending"}
          </Badge>
        ),
      },
    }),
    {
      key: "actions",
      header: "Actions",
      cell: (r) => (
        <Flex gap="2" align="center">
          <Button asChild size="1" variant="soft" color="gray">
            <Link to={hrefWith({ comment: String(r.id) })} preventScrollReset aria-label={`View the comment by ${r.author}`}>
              View
            </Link>
          </Button>
          <Form method="post" action={here} preventScrollReset>
            <input type="hidden" name="id" value={r.id} />
            <Button
              type="submit"
              name="intent"
              value="toggle"
              size="1"
              variant="soft"
              color={r.approved ? "amber" : "green"}
              style={{ whiteSpace: "nowrap" }}
            >
              {r.approved ? "Un-Approve" : "Approve"}
            </Button>
          </Form>
          <Button asChild size="1" variant="soft" color="red">
            <Link to={hrefWith({ dialog: "delete", id: String(r.id) })} preventScrollReset>
              Delete
            </Link>
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <Form id={BULK_FORM_ID} method="post" action={here} preventScrollReset>
        {LIST_KEYS.map((key) => {
          const value = params.get(key);
          return value ? <input key={key} type="hidden" name={key} value={value} /> : null;
        })}
        <Flex gap="2" align="center" mb="3" wrap="wrap">
          {scripted ? (
            <Text size="2" color="gray" aria-live="polite" style={{ minWidth: "6rem" }}>
              {chosen.length} selected
            </Text>
          ) : null}
          <Button type="submit" name="intent" value="bulk-approve" variant="soft" color="green" disabled={scripted && chosen.length === 0}>
            Approve selected
          </Button>
          <Button
            type="submit"
            name="intent"
            value="bulk-unapprove"
            variant="soft"
            color="amber"
            disabled={scripted && chosen.length === 0}
          >
            Un-approve selected
          </Button>
          <Button
            type="submit"
            name="dialog"
            value="bulk-delete"
            formMethod="get"
            formAction={location.pathname}
            variant="soft"
            color="red"
            disabled={scripted && chosen.length === 0}
          >
            Delete selected
          </Button>
          {scripted ? null : (
            <Link to={hrefWith({ select: "all" })} preventScrollReset>
              Select all on this page
            </Link>
          )}
        </Flex>
      </Form>
      <DataTable
        caption="Comments"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={sort}
        emptyHint={searched ? "No comment matches this search or filter." : undefined}
      />
    </>
  );
}
