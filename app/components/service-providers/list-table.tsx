import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent } from "react";
import { Form, Link, useActionData, useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { Button, Flex, Text, useHydrated } from "~/components/ui";
import { ColumnChooser } from "~/components/column-chooser";
import { visibleColumns } from "~/models/list-views";
import { PROVIDER_COLUMNS, providerColumn } from "~/models/provider-columns";
import type { ProviderRow } from "~/models/service-providers";
import {
  EMAIL_FORM_ID,
  ProviderRowMemo,
  ratingProblem,
  rowIntentOf,
  ROWS_FORM_ID,
  ScriptedContext,
  type RatingRule,
  type RowResult,
  type RowUi,
} from "./list-row-actions";

type Sort = { field: string; order: "asc" | "desc" | "" };

/** asc → desc → none, every other key kept, back to page 1. */
function sortHrefs(sort: Sort, pathname: string, search: string) {
  return (field: string) => {
    const params = new URLSearchParams(search);
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
    return pathname.replace(/\/send-email$/, "") + (query ? `?${query}` : "");
  };
}

/**
 * A declared column's header (app/models/provider-columns.ts: the export writes the same words): a
 * sort link when the column sorts.
 */
function ColumnHeader({ column: key, sort, href }: { column: string; sort: Sort; href: (f: string) => string }) {
  const { header, sortField } = providerColumn(key);
  return sortField ? <SortHeader field={sortField} label={header} sort={sort} href={href} /> : <th scope="col">{header}</th>;
}

function SortHeader({ field, label, sort, href }: { field: string; label: string; sort: Sort; href: (f: string) => string }) {
  const order = sort.field === field ? sort.order : "";
  return (
    <th scope="col" aria-sort={order === "asc" ? "ascending" : order === "desc" ? "descending" : undefined}>
      <a href={href(field)} aria-label={`Sort by ${label}`}>
        {label}
        <span aria-hidden="true">{order === "asc" ? " ▲" : order === "desc" ? " ▼" : " ↕"}</span>
      </a>
    </th>
  );
}

type ProviderTableProps = {
  rows: ProviderRow[];
  sort: Sort;
  /** the list URL (path + list keys): row forms post to it and come back to it */
  listUrl: string;
  /** the list's own query keys, carried by the bulk-email form and the dialog links */
  listParams: [string, string][];
  /** user ids checked when the page is rendered (?select=all, or the dialog's recipients) */
  initiallySelected: number[];
  ratingRule: RatingRule;
};

const LIST_PATH = "/admin/service-provider";

/** The chooser's columns: the declared ones (the export writes the same). */
const CHOOSABLE = PROVIDER_COLUMNS.map((c) => ({ key: c.key, header: c.header, choosable: true }));
/**
 * Where each declared column sits in the table (1-based; the row's own controls between them): a
 * column the chooser hides is hidden by a class (`hide-col-<n>`, app.css), so the rows' markup stays
 * one memoised component. Last Login and Accepted T&C share a cell: it hides when both are hidden.
 */
const TABLE_INDEX: Record<string, number> = {
  username: 2,
  category: 3,
  phone: 4,
  regDate: 5,
  updateDate: 6,
  refreshAt: 7,
  plan: 8,
  stage: 9,
  status: 11,
  verification: 12,
  lastLogin: 13,
  agreement: 13,
  boosterPoints: 15,
  pro: 16,
  adminRating: 17,
};

function hiddenColumnClasses(search: string): string {
  const shown = new Set(visibleColumns(CHOOSABLE, search).map((c) => TABLE_INDEX[c.key]));
  return [...new Set(Object.values(TABLE_INDEX))]
    .filter((index) => !shown.has(index))
    .map((index) => ` hide-col-${index}`)
    .join("");
}

/** One row action on its way through a fetcher (`intent`: the button's family, "toggle-pro"). */
type Submission = { key: string; seq: number; id: number; intent: string; formData: FormData; action: string };

/** How long "Updated!" / "Saved!" stay beside the control (spec 1 §4). */
const NOTICE_MS = 1500;
/** Answers shown beside the control; the other actions answer with a toast. */
const NOTICE_INTENTS = ["toggle-pro", "rating"];

/**
 * The list's table. The rows are plain markup (list-row-actions.tsx): hydrating them costs no
 * fetcher, state or effect per row. Their buttons post the table's one form (ROWS_FORM_ID, each
 * button's value naming its row), the ratings their own small forms. One submit handler around
 * the table sends any of them through a fetcher mounted for that submission only, one change
 * handler follows the rating inputs, one click handler routes the rows' links on the client; the
 * table keeps what each touched row shows (busy, notice, rating draft) and only that row re-renders.
 */
export function ProviderTable({ rows, sort, listUrl, listParams, initiallySelected, ratingRule }: ProviderTableProps) {
  const scripted = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const sortHref = sortHrefs(sort, location.pathname, location.search);

  const [selected, setSelected] = useState<number[]>(initiallySelected);
  const [seenInitial, setSeenInitial] = useState(initiallySelected.join(","));
  if (seenInitial !== initiallySelected.join(",")) {
    setSeenInitial(initiallySelected.join(","));
    setSelected(initiallySelected);
  }
  const onPage = rows.map((r) => r.userId);
  const chosen = selected.filter((id) => onPage.includes(id));
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const onCheck = useCallback((event: ChangeEvent<HTMLInputElement>) => {
    const id = Number(event.currentTarget.value);
    const on = event.currentTarget.checked;
    setSelected((ids) => (on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id)));
  }, []);

  const [ui, setUi] = useState<Record<number, RowUi>>({});
  const patch = useCallback(
    (id: number, change: (current: RowUi) => RowUi) => setUi((all) => ({ ...all, [id]: change(all[id] ?? {}) })),
    [],
  );
  const [submissions, setSubmissions] = useState<Record<string, Submission>>({});
  const seq = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  // a refused rating without JS comes back as the page's action data
  const actionData = useActionData<RowResult>();
  const refused = actionData && actionData.intent === "rating" && !actionData.ok ? actionData : undefined;

  const onSubmit = (event: FormEvent<HTMLDivElement>) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const formData = new FormData(form);
    const button = submitter instanceof HTMLButtonElement ? submitter : form.querySelector<HTMLButtonElement>('button[name="intent"]');
    if (button?.name) formData.set(button.name, button.value);
    // "toggle-status:<id>:<userId>:<next>": the family says what the row shows busy, the id which row
    const named = rowIntentOf(String(formData.get("intent") ?? ""));
    if (!named) return;
    const { family: intent, id } = named;
    event.preventDefault();
    if (intent === "rating") {
      const problem = ratingProblem(String(formData.get("admin_rating") ?? ""), ratingRule);
      if (problem) {
        patch(id, (row) => ({ ...row, error: problem, notice: undefined }));
        return;
      }
    }
    formData.set("_fetch", "1");
    const key = `${intent}-${id}`;
    seq.current += 1;
    const submission: Submission = { key, seq: seq.current, id, intent, formData, action: form.getAttribute("action") ?? listUrl };
    patch(id, (row) => ({
      ...row,
      busy: [...(row.busy ?? []).filter((i) => i !== intent), intent],
      notice: row.notice?.intent === intent ? undefined : row.notice,
    }));
    setSubmissions((all) => ({ ...all, [key]: submission }));
  };

  const onDone = useCallback(
    (submission: Submission, result: RowResult | undefined) => {
      setSubmissions((all) => {
        if (all[submission.key]?.seq !== submission.seq) return all;
        const rest = { ...all };
        delete rest[submission.key];
        return rest;
      });
      const notice = result && NOTICE_INTENTS.includes(submission.intent) ? result : undefined;
      patch(submission.id, (row) => ({
        ...row,
        busy: row.busy?.filter((i) => i !== submission.intent),
        notice: notice ?? row.notice,
        // a saved rating is the row's value now (revalidated)
        ...(submission.intent === "rating" && result?.ok ? { draft: undefined, error: undefined } : {}),
      }));
      if (notice?.ok) {
        clearTimeout(timers.current.get(submission.id));
        timers.current.set(
          submission.id,
          setTimeout(() => patch(submission.id, (row) => (row.notice === notice ? { ...row, notice: undefined } : row)), NOTICE_MS),
        );
      }
    },
    [patch],
  );

  // the rating inputs: what was typed enables Save, or says what is wrong with it
  const onChange = (event: ChangeEvent<HTMLDivElement>) => {
    const input = event.target as unknown as HTMLInputElement;
    if (input.name !== "admin_rating" || !input.form) return;
    // the row's id is in its Save button's value ("rating:<id>")
    const id = rowIntentOf(input.form.querySelector<HTMLButtonElement>('button[name="intent"]')?.value ?? "")?.id;
    if (!id) return;
    const draft = input.value;
    const problem = ratingProblem(draft, ratingRule);
    patch(id, (row) => ({ ...row, draft, error: problem ?? undefined, notice: row.notice?.intent === "rating" ? undefined : row.notice }));
  };

  // the rows' and headers' links, routed on the client (one handler, not a <Link> per cell)
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest?.("a");
    const href = link?.getAttribute("href");
    if (!link || !href || link.target || !href.startsWith("/")) return;
    event.preventDefault();
    // back to this list (sort, dialogs) keeps the scroll position; the details page starts at the top
    navigate(href, { preventScrollReset: href.startsWith(`${LIST_PATH}?`) || href === LIST_PATH });
  };

  const listQuery = new URLSearchParams(listParams).toString();
  const dialogHref = (kind: "delete" | "boost", id: number) => `${LIST_PATH}?${listQuery ? `${listQuery}&` : ""}dialog=${kind}&id=${id}`;
  const selectAll = new URLSearchParams(listParams);
  selectAll.set("select", "all");
  const backParam = encodeURIComponent(listUrl);

  return (
    <ScriptedContext.Provider value={scripted}>
      <Form id={EMAIL_FORM_ID} method="get" action={`${LIST_PATH}/send-email`} preventScrollReset>
        {listParams.map(([key, value], i) => (
          <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
        ))}
        <Flex gap="3" align="center" mb="3" wrap="wrap">
          <Button type="submit" disabled={scripted && chosen.length === 0}>
            Email {scripted ? chosen.length : ""}
          </Button>
          {scripted ? null : (
            <Link to={`${LIST_PATH}?${selectAll}`} preventScrollReset>
              Select all on this page
            </Link>
          )}
        </Flex>
      </Form>
      <div className="table-tools">
        <ColumnChooser columns={CHOOSABLE} shown={visibleColumns(CHOOSABLE, location.search)} />
      </div>
      <div className="table-wrap provider-table-wrap" onClick={onClick} onSubmit={onSubmit} onChange={onChange} role="presentation">
        {/* the rows' buttons post this one form (form="…"); outside the table, as the ratings' forms are in it */}
        <form id={ROWS_FORM_ID} method="post" action={listUrl} />
        <table className={`data-table provider-table${hiddenColumnClasses(location.search)}`}>
          <caption className="visually-hidden">Service Providers</caption>
          <thead>
            <tr>
              <th scope="col">
                {/* without JS it could not act: invisible (and out of the tab order) until then, so
                    showing it changes no layout. Without JS the "Select all" link above does it */}
                <input
                  type="checkbox"
                  className={scripted ? "native-checkbox" : "native-checkbox until-scripted"}
                  aria-label="Select all on this page"
                  checked={allChosen}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    setSelected((ids) => (on ? [...new Set([...ids, ...onPage])] : ids.filter((id) => !onPage.includes(id))));
                  }}
                />
              </th>
              {/* the declared columns (their words and sorts), the row's own controls between them */}
              {["username", "category", "phone", "regDate", "updateDate", "refreshAt", "plan", "stage"].map((key) => (
                <ColumnHeader key={key} column={key} sort={sort} href={sortHref} />
              ))}
              <th scope="col">Actions</th>
              <ColumnHeader column="status" sort={sort} href={sortHref} />
              <ColumnHeader column="verification" sort={sort} href={sortHref} />
              {/* one cell shows both: Last Login sorts, Accepted T&C under it */}
              <SortHeader
                field={providerColumn("lastLogin").sortField!}
                label={`${providerColumn("lastLogin").header}, ${providerColumn("agreement").header}`}
                sort={sort}
                href={sortHref}
              />
              <th scope="col">Refresh</th>
              <ColumnHeader column="boosterPoints" sort={sort} href={sortHref} />
              <ColumnHeader column="pro" sort={sort} href={sortHref} />
              <ColumnHeader column="adminRating" sort={sort} href={sortHref} />
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
                <ProviderRowMemo
                  key={row.id}
                  row={row}
                  action={listUrl}
                  detailsHref={`/admin/provider-details/${row.id}?back=${backParam}`}
                  boostHref={dialogHref("boost", row.id)}
                  deleteHref={dialogHref("delete", row.id)}
                  checked={selected.includes(row.userId)}
                  onCheck={onCheck}
                  ui={ui[row.id]}
                  refused={refused?.id === row.id ? refused : undefined}
                  rule={ratingRule}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
      {Object.values(submissions).map((submission) => (
        <RowSubmission key={submission.key} submission={submission} onDone={onDone} />
      ))}
    </ScriptedContext.Provider>
  );
}

/**
 * A fetcher for one row action, mounted from the submit until its answer (and the revalidation
 * after it) is in; a second submit of the same action on the same row reuses it.
 */
function RowSubmission({ submission, onDone }: { submission: Submission; onDone: (s: Submission, result: RowResult | undefined) => void }) {
  const fetcher = useFetcher<RowResult>({ key: submission.key });
  const { submit } = fetcher;
  const sent = useRef(0);
  const inFlight = useRef(false);
  useEffect(() => {
    if (sent.current === submission.seq) return;
    sent.current = submission.seq;
    inFlight.current = false;
    submit(submission.formData, { method: "post", action: submission.action, preventScrollReset: true });
  }, [submission, submit]);
  useEffect(() => {
    if (fetcher.state !== "idle") inFlight.current = true;
    else if (inFlight.current) {
      inFlight.current = false;
      onDone(submission, fetcher.data);
    }
  }, [fetcher.state, fetcher.data, submission, onDone]);
  return null;
}
