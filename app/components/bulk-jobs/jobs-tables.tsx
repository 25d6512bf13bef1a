import { Link } from "@remix-run/react";
import type { BulkJobFailure } from "~contract/bulk-jobs";
import type { JobView } from "~/models/bulk-jobs";

/** Recent bulk jobs, newest first: each links to its page. */
export function JobsTable({ jobs }: { jobs: JobView[] }) {
  if (jobs.length === 0) return <p>No bulk jobs yet.</p>;
  return (
    <div className="table-wrap">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Job</th>
            <th scope="col">Action</th>
            <th scope="col">List</th>
            <th scope="col">State</th>
            <th scope="col">Done</th>
            <th scope="col">Failed</th>
            <th scope="col">Left</th>
            <th scope="col">Started by</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id}>
              <td>
                <Link to={`/admin/jobs/${job.id}`}>#{job.id}</Link>
              </td>
              <td>{job.action}</td>
              <td>{job.listTitle}</td>
              <td>{job.stateLabel}</td>
              <td>{job.done.toLocaleString("en-IN")}</td>
              <td>{job.failed.toLocaleString("en-IN")}</td>
              <td>{job.left.toLocaleString("en-IN")}</td>
              <td>
                {job.createdBy}, {job.createdAt}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The rows a job could not change, and why. */
export function FailuresTable({ rows }: { rows: BulkJobFailure[] }) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Row id</th>
            <th scope="col">Name</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.target_id}>
              <td>{row.target_id}</td>
              <td>{row.target_label}</td>
              <td>{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
