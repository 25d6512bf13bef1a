import { Badge, Text } from "~/components/ui";
import type { FieldChange } from "~contract/activity";

/**
 * Field / Old / New of an edit, as the display rules of spec 1 §2.14 give the values (a
 * provider's profile edits, an order's activities). Uploaded files carry a "File Upload" badge.
 */
export function FieldChangesTable({ changes, emptyText }: { changes: FieldChange[]; emptyText?: string }) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">Changed fields</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Old</th>
            <th scope="col">New</th>
          </tr>
        </thead>
        <tbody>
          {changes.length === 0 && emptyText ? (
            <tr>
              <td colSpan={3}>
                <Text color="gray">{emptyText}</Text>
              </td>
            </tr>
          ) : null}
          {changes.map((change) => (
            <tr key={change.field}>
              <th scope="row" style={{ fontWeight: 500 }}>
                {change.field}{" "}
                {change.fileUpload ? (
                  <Badge color="blue" size="1">
                    File Upload
                  </Badge>
                ) : null}
              </th>
              <td style={{ wordBreak: "break-word" }}>{change.old}</td>
              <td style={{ wordBreak: "break-word" }}>{change.new}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
