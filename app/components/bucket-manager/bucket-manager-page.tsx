import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ConfirmDialog, NoticeDialog } from "~/components/dialogs-on-demand";
import { DataTable, tableColumns, type Column } from "~/components/data-table";
import { ListExportLinks } from "~/components/export-link";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { BUCKET_MESSAGES as M } from "~contract/bucket-manager-labels";
import {
  BUCKET_COLUMNS,
  BUCKET_DIALOG_KEYS,
  type BucketActionData,
  type BucketPageData,
  type BucketRow,
} from "~/models/bucket-manager-page";
import { FilePreview } from "./file-preview";
import { UploadPanel } from "./upload-panel";

/** The file in large (?preview=<id>): the image at most at its own size, a PDF inline, or a link to open it. */
function PreviewDialog({ row, closeTo }: { row: BucketRow; closeTo: string }) {
  return (
    <RouteDialog labelledBy="preview-title" closeTo={closeTo} openKey={row.id} style={{ width: "min(56rem, calc(100vw - 32px))" }}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="preview-title" style={{ overflowWrap: "anywhere" }}>
          {row.name}
        </Heading>
        {row.kind === "image" ? (
          // at most its own size (a 64×48 picture stays 64×48), shrunk to fit the dialog when larger
          <div
            style={{
              display: "flex",
              justifyContent: "center",
              alignItems: "center",
              background: "var(--gray-3)",
              borderRadius: 4,
              padding: "var(--space-2)",
            }}
          >
            <img
              src={row.href}
              alt={row.name}
              className="bucket-zoom-image"
              style={{ display: "block", maxWidth: "100%", maxHeight: "min(70vh, 36rem)", width: "auto", height: "auto" }}
            />
          </div>
        ) : row.kind === "pdf" ? (
          // the admin's own file route, inline (Content-Disposition inline; the file routes may be framed by the admin's pages)
          <iframe
            src={row.href}
            title={`PDF preview of ${row.name}`}
            style={{ width: "100%", height: "min(70vh, 36rem)", border: "1px solid var(--gray-6)", borderRadius: 4 }}
          />
        ) : (
          <Flex gap="3" align="center">
            <FilePreview kind={row.kind} src={row.href} />
            <Text size="2">
              {row.size}, uploaded {row.uploadedAt}.
            </Text>
          </Flex>
        )}
        <Flex gap="3" justify="end">
          <Button asChild variant="soft">
            <a href={row.href} target="_blank" rel="noreferrer">
              Open file
            </a>
          </Button>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a <dialog> focuses its autofocus control on opening (HTML's dialog focusing steps), JS or not */}
          <DialogCloseLink to={closeTo} autoFocus />
        </Flex>
      </Flex>
    </RouteDialog>
  );
}

export function BucketManagerPage() {
  const page = useLoaderData<BucketPageData>();
  const acted = useActionData<BucketActionData>();
  const location = useLocation();
  const navigation = useNavigation();
  const syncing = navigation.state === "submitting" && navigation.formData?.get("intent") === "sync";
  const listParams = new URLSearchParams(location.search);
  for (const key of BUCKET_DIALOG_KEYS) listParams.delete(key);
  const hrefWith = (change: Record<string, string | null>, from = listParams) => {
    const next = new URLSearchParams(from);
    for (const [key, value] of Object.entries(change)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return location.pathname + (next.size ? `?${next}` : "");
  };
  const closeTo = hrefWith({});
  const action = location.pathname + location.search;

  const [name, ...rest] = tableColumns(
    BUCKET_COLUMNS,
    {
      name: { cell: (row) => <span style={{ overflowWrap: "anywhere" }}>{row.name}</span> },
      uploaded: { cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{row.uploadedAt}</span> },
      size: { align: "right", cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{row.size}</span> },
    },
    [
      {
        key: "action",
        header: "Action",
        cell: (row) => (
          <Button asChild color="red" variant="soft" size="1">
            <Link to={hrefWith({ dialog: "delete", id: String(row.id) })} preventScrollReset aria-label={`Delete ${row.name}`}>
              Delete
            </Link>
          </Button>
        ),
      },
    ],
  );
  // the preview (the table's alone) right after the name
  const preview: Column<BucketRow> = {
    key: "preview",
    header: "Preview",
    width: "124px",
    cell: (row) => (
      <Link
        to={hrefWith({ preview: String(row.id) })}
        preventScrollReset
        aria-label={`Preview ${row.name}`}
        style={{ display: "inline-block", width: 100, height: 100 }}
      >
        <FilePreview kind={row.kind} src={row.href} />
      </Link>
    ),
  };
  const columns = [name, preview, ...rest];

  const notice = acted?.notice ?? page.notice;
  const searched = Boolean(page.search || page.date);
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          {M.title}
        </Heading>
        <Flex gap="2" wrap="wrap" align="center">
          <ListExportLinks path="/admin/s3-bucket-manager/export" />
          <Form method="post" action={action} preventScrollReset>
            <input type="hidden" name="intent" value="sync" />
            <Button type="submit" disabled={syncing}>
              {syncing ? "Fetching…" : M.fetch}
            </Button>
          </Form>
        </Flex>
      </div>
      <UploadPanel results={acted?.uploads} />
      <Form key={location.search} method="get" action={location.pathname} role="search" style={{ marginBottom: "var(--space-4)" }}>
        {page.pageSize !== 10 ? <input type="hidden" name="page_size" value={page.pageSize} /> : null}
        <Flex gap="3" align="end" wrap="wrap">
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="bucket-search">
              Search by name
            </Text>
            <input
              id="bucket-search"
              type="search"
              name="search"
              className="native-input"
              defaultValue={page.search}
              placeholder="File name"
              maxLength={100}
              style={{ width: "20rem", maxWidth: "100%" }}
            />
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="bucket-date">
              Upload date
            </Text>
            <input id="bucket-date" type="date" name="uploaded_at" className="native-input" defaultValue={page.date} />
          </Flex>
          <Button type="submit">Search</Button>
          {searched ? (
            <Button asChild variant="soft" color="gray">
              <Link to={location.pathname}>Clear</Link>
            </Button>
          ) : null}
        </Flex>
        {page.filterErrors.map((error) => (
          <Text key={error} as="p" size="1" color="red" role="alert" style={{ margin: "var(--space-1) 0 0" }}>
            {error}
          </Text>
        ))}
      </Form>
      <Flex gap="3" align="center" wrap="wrap" mb="3">
        <nav aria-label="Which files">
          <Flex gap="2">
            <Button asChild size="2" variant={page.unused ? "soft" : "solid"} color={page.unused ? "gray" : undefined}>
              <Link to={hrefWith({ unused: null, token: null })} aria-current={page.unused ? undefined : "page"}>
                {M.allFiles}
              </Link>
            </Button>
            <Button asChild size="2" variant={page.unused ? "solid" : "soft"} color={page.unused ? undefined : "gray"}>
              <Link to={hrefWith({ unused: "1", token: null })} aria-current={page.unused ? "page" : undefined}>
                {M.unusedTab}
              </Link>
            </Button>
          </Flex>
        </nav>
        {page.unused ? (
          <>
            <Text size="2" color="gray">
              {M.unusedHint}
            </Text>
            {page.total > 0 ? (
              <Button asChild color="red" variant="soft" size="2" ml="auto">
                <Link to={hrefWith({ dialog: "sweep" })} preventScrollReset>
                  {M.sweep}
                </Link>
              </Button>
            ) : null}
          </>
        ) : null}
      </Flex>
      {page.loadError ? (
        <div role="alert" className="form-error" style={{ marginBottom: "var(--space-4)" }}>
          <Text as="p" size="2" weight="bold" style={{ margin: 0 }}>
            {page.loadError.title}
          </Text>
          <Text as="p" size="2" style={{ margin: 0 }}>
            {page.loadError.message}
          </Text>
        </div>
      ) : null}
      <DataTable
        columns={columns}
        rows={page.rows}
        rowKey={(row) => row.id}
        caption="Stored files"
        emptyHint={searched ? "No file matches this name and date." : undefined}
      />
      <Flex align="center" justify="between" gap="3" wrap="wrap" mt="3" asChild>
        <nav aria-label="Pagination">
          <Text size="2" color="gray" role="status">
            {M.showing(page.from, page.to, page.total)}
          </Text>
          <Flex gap="2">
            {page.previousToken ? (
              <Button asChild variant="soft" size="1">
                <Link to={hrefWith({ token: page.previousToken })} rel="prev">
                  Previous
                </Link>
              </Button>
            ) : (
              <Button variant="soft" size="1" disabled>
                Previous
              </Button>
            )}
            {page.nextToken ? (
              <Button asChild variant="soft" size="1">
                <Link to={hrefWith({ token: page.nextToken })} rel="next">
                  Next
                </Link>
              </Button>
            ) : (
              <Button variant="soft" size="1" disabled>
                Next
              </Button>
            )}
          </Flex>
        </nav>
      </Flex>
      {notice ? (
        <NoticeDialog title={notice.title} message={notice.message} closeTo={closeTo} tone={notice.tone} />
      ) : page.dialog?.kind === "preview" ? (
        <PreviewDialog row={page.dialog.row} closeTo={closeTo} />
      ) : page.dialog?.kind === "sweep" ? (
        <ConfirmDialog
          open
          title={M.sweepTitle}
          cancelTo={closeTo}
          intent="sweep"
          fields={{ before: page.dialog.before }}
          confirmLabel={M.sweepConfirm}
          action={action}
        >
          <Text as="p" size="2" style={{ margin: 0 }}>
            {M.sweepText(page.dialog.count)}
          </Text>
        </ConfirmDialog>
      ) : page.dialog?.kind === "delete" ? (
        <ConfirmDialog
          open
          title={M.confirmTitle}
          cancelTo={closeTo}
          intent="delete"
          fields={{ id: page.dialog.row.id, key: page.dialog.row.name }}
          confirmLabel={M.confirmButton}
          action={action}
        >
          <Text as="p" size="2" style={{ margin: 0 }}>
            {M.confirmText}
          </Text>
          <Text as="p" size="2" color="gray" style={{ margin: "var(--space-2) 0 0", overflowWrap: "anywhere" }}>
            {page.dialog.row.name}
          </Text>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
