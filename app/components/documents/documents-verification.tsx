import { Badge } from "~/components/ui";
import type { FaceDetails, PanDetails } from "~/models/documents";

/** PAN and face match verification: a badge each, the verified details beside, the time below. */
export function Verification({ pan, face }: { pan: PanDetails; face: FaceDetails }) {
  return (
    <>
      {pan ? (
        <div>
          <Badge color="green">PAN verified</Badge> {pan.number} · {pan.name}
          <div className="doc-muted">{pan.verifiedAt}</div>
        </div>
      ) : (
        <div>
          <Badge color="gray">PAN not verified</Badge>
        </div>
      )}
      {face?.verified ? (
        <div>
          <Badge color="green">Face match verified</Badge>
          {face.score !== null ? ` ${face.score}%` : ""}
          <div className="doc-muted">{face.at}</div>
        </div>
      ) : (
        <div>
          <Badge color="gray">Face match not verified{face?.score != null ? ` (${face.score}%)` : ""}</Badge>
        </div>
      )}
    </>
  );
}
