import { Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ConfirmDialog } from "~/components/dialogs-on-demand";
import { FilterPanel, FilterSelect } from "~/components/filter-panel";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { PAGE_SIZES } from "~contract/list-query";
import type { MessagesActionFailure, MessagesPageData } from "~/models/outbox";
import { OUTBOX_CHANNEL_LABELS, OUTBOX_CHANNELS, OUTBOX_MESSAGES, OUTBOX_STATUSES } from "~contract/outbox-labels";
import { OUTBOX_STATUS_LABELS } from "~/models/outbox-labels";
import { MessagesTable } from "./messages-table";

const TABS = [{ key: "", label: "All" }, ...OUTBOX_STATUSES.map((s) => ({ key: s, label: OUTBOX_STATUS_LABELS[s] }))] as const;
const CHANNEL_OPTIONS = OUTBOX_CHANNELS.map((value) => ({ value, label: OUTBOX_CHANNEL_LABELS[value] }));

/** Sent Messages (/admin/service-provider/messages): what Send Email queued and how its delivery went. */
export function MessagesPage() {
  const {
    rows,
    counts,
    total,
    page,
    pageSize,
    status,
    channel,
    search,
    sort,
    filterErrors,
    loadError,
    notDelivered,
    confirmRetryAll,
    listUrl,
  } = useLoaderData<MessagesPageData>();
  const refused = useActionData<MessagesActionFailure>();
  const location = useLocation();
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "retry" ? Number(navigation.formData.get("id")) : null;
  const here = location.pathname + location.search;

  const withParams = (set: Record<string, string>) => {
    const next = new URL(listUrl, "http://x").searchParams;
    for (const [key, value] of Object.entries(set)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    return `${location.pathname}${next.size ? `?${next}` : ""}`;
  };
  const notice = refused?.notice ?? loadError;

  return (
    <>
      <div className="page-header">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="6">
            {OUTBOX_MESSAGES.title}
          </Heading>
          <Flex gap="2" wrap="wrap">
            {counts.failed > 0 ? (
              <Button asChild color="red" variant="soft">
                <Link to={withParams({ dialog: "retry-failed" })} preventScrollReset>
                  Retry All Failed
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="soft" color="gray">
              <Link to="/admin/service-provider">Back to Service Providers</Link>
            </Button>
          </Flex>
        </Flex>
      </div>
      <nav aria-label="Message status" style={{ marginBottom: "var(--space-3)" }}>
        <Flex gap="2" wrap="wrap" asChild>
          <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {TABS.map((t) => (
              <li key={t.key || "all"}>
                <Button asChild size="2" variant={t.key === status ? "solid" : "soft"}>
                  <Link to={withParams({ status: t.key, page: "" })} aria-current={t.key === status ? "page" : undefined}>
                    {t.label} ({counts[t.key || "all"]})
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        </Flex>
      </nav>
      <SearchForm
        id="message-search"
        label="Search messages"
        placeholder="Recipient, subject or template"
        search={search}
        keep={["page_size", "status", "channel", "sortField", "sortOrder"]}
      />
      <FilterPanel open={Boolean(channel)} keep={["page_size", "status", "search", "sortField", "sortOrder"]} errors={filterErrors}>
        <FilterSelect name="channel" label="Channel" value={channel} options={CHANNEL_OPTIONS} />
      </FilterPanel>
      {notice ? (
        <div role="alert" className="form-error" style={{ marginBottom: "var(--space-4)" }}>
          <Text as="p" size="2" weight="bold" style={{ margin: 0 }}>
            {notice.title}
          </Text>
          <Text as="p" size="2" style={{ margin: 0 }}>
            {notice.message}
          </Text>
        </div>
      ) : null}
      {notDelivered.length > 0 ? (
        <Text as="p" size="2" color="amber" className="rt-high-contrast" role="status" style={{ marginBottom: "var(--space-3)" }}>
          {OUTBOX_MESSAGES.notDelivered(notDelivered)}
        </Text>
      ) : null}
      <MessagesTable rows={rows} sort={sort} action={here} busyId={submitting} filtered={Boolean(status || channel || search)} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={PAGE_SIZES} />
      <ConfirmDialog
        open={confirmRetryAll}
        title="Retry All Failed?"
        cancelTo={listUrl}
        intent="retry-failed"
        fields={channel ? { channel } : {}}
        confirmLabel="Retry All Failed"
        action={listUrl}
      >
        <Text as="p" size="2" style={{ margin: 0 }}>
          Every failed {channel ? `${OUTBOX_CHANNEL_LABELS[channel]} ` : ""}message{search ? "" : ` (${counts.failed})`} will be queued
          again and sent with the full number of tries.
        </Text>
      </ConfirmDialog>
    </>
  );
}
