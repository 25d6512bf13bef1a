import { ScrollRegion } from "~/components/scroll-region";
import type { BoostHistoryRow } from "~contract/booster-points";

/** Every change of a provider's booster points: when (India time), how many, what kind, why, by whom. */
export function BoosterHistoryTable({ rows }: { rows: BoostHistoryRow[] }) {
  return (
    <ScrollRegion label="Booster history" style={{ maxHeight: "16rem", overflowY: "auto" }}>
      <table className="data-table" aria-label="Booster history">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Points</th>
            <th scope="col">Kind</th>
            <th scope="col">Reason</th>
            <th scope="col">By</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5}>No booster points changes yet.</td>
            </tr>
          ) : (
            rows.map((h) => (
              <tr key={h.id}>
                <td style={{ whiteSpace: "nowrap" }}>{h.when}</td>
                <td style={{ textAlign: "right" }}>{h.points > 0 ? `+${h.points}` : h.points}</td>
                <td>{h.kind}</td>
                <td>{h.reason}</td>
                <td>{h.by}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
