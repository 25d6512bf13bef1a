import { useEffect } from "react";
import { Form, Link, useRevalidator } from "@remix-run/react";
import { Button, DataList, Flex, Heading, Text, useHydrated } from "~/components/ui";
import type { JobView } from "~/models/bulk-jobs";

/** how often the page reads the job again while it runs: the API's counts, by the loader (JS), or a refresh (no JS) */
const REFRESH_SECONDS = 3;

/**
 * A bulk job's page: a progress bar and the counts (done, failed, left). While the job runs, the
 * page follows it: with JS the loader is read again every few seconds; without JS a refresh inside
 * <noscript> reloads the page (a browser running scripts never reads it). Ends with a summary and
 * a link to the rows that failed.
 */
export function JobProgress({ job }: { job: JobView }) {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  useEffect(() => {
    if (!job.open) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [job.open, revalidator]);

  const processed = job.done + job.failed;
  return (
    <>
      {job.open && !hydrated ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <div className="page-header">
        <Heading as="h1" size="6">
          {job.action}: {job.listTitle} (job #{job.id})
        </Heading>
        <Flex gap="2" wrap="wrap" align="center">
          <Link className="button-link" to={job.listUrl}>
            Back to {job.listTitle}
          </Link>
          <Link className="button-link" to="/admin/jobs">
            All bulk jobs
          </Link>
        </Flex>
      </div>
      <section aria-labelledby="job-progress-title" className="card">
        <Heading as="h2" size="4" id="job-progress-title">
          {job.stateLabel}
        </Heading>
        <progress
          className="job-progress"
          max={Math.max(job.total, 1)}
          value={job.total > 0 ? processed : 1}
          aria-label={`Progress: ${job.percent}%`}
          style={{ width: "100%", height: "1.25rem" }}
        >
          {job.percent}%
        </progress>
        <Text as="p" size="2" aria-live="polite" data-testid="job-counts">
          {job.percent}% · Done: <strong>{job.done.toLocaleString("en-IN")}</strong> · Failed:{" "}
          <strong>{job.failed.toLocaleString("en-IN")}</strong> · Left: <strong>{job.left.toLocaleString("en-IN")}</strong> · of{" "}
          {job.total.toLocaleString("en-IN")}
        </Text>
        {job.open ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" variant="soft" color="red" disabled={job.state === "cancelling"}>
              {job.state === "cancelling" ? "Cancelling…" : "Cancel job"}
            </Button>
          </Form>
        ) : (
          <Text as="p" size="3" role="status">
            {job.state === "done" ? "Finished" : "Cancelled"}
            {job.finishedAt ? ` at ${job.finishedAt}` : ""}: {job.done.toLocaleString("en-IN")} done, {job.failed.toLocaleString("en-IN")}{" "}
            failed
            {job.state === "cancelled" ? "; the rest were left as they were." : "."}
          </Text>
        )}
        {job.failed > 0 ? (
          <p>
            <Link to={`/admin/jobs/${job.id}/failures`}>See the {job.failed.toLocaleString("en-IN")} failed rows</Link>
          </p>
        ) : null}
      </section>
      <DataList.Root>
        <DataList.Item>
          <DataList.Label>Filter</DataList.Label>
          <DataList.Value>{job.filterWords.length ? job.filterWords.join(" · ") : "None (every row of the list)"}</DataList.Value>
        </DataList.Item>
        {job.subject !== null ? (
          <DataList.Item>
            <DataList.Label>Subject</DataList.Label>
            <DataList.Value>{job.subject}</DataList.Value>
          </DataList.Item>
        ) : null}
        {job.whatsappTemplate !== null ? (
          <DataList.Item>
            <DataList.Label>WhatsApp template</DataList.Label>
            <DataList.Value>{job.whatsappTemplate}</DataList.Value>
          </DataList.Item>
        ) : null}
        {job.reason !== null ? (
          <DataList.Item>
            <DataList.Label>Reason</DataList.Label>
            <DataList.Value>{job.reason}</DataList.Value>
          </DataList.Item>
        ) : null}
        <DataList.Item>
          <DataList.Label>Started by</DataList.Label>
          <DataList.Value>
            {job.createdBy}, {job.createdAt}
          </DataList.Value>
        </DataList.Item>
      </DataList.Root>
    </>
  );
}
