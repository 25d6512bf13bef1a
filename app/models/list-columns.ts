/**
 * A list's columns, declared once (issue 32 §2): the table shows them (DataTable, with a richer cell
 * where the column needs one) and the export writes them (.xlsx and .csv), in this order, with these
 * headers. `value` is the cell as plain text or a number; undefined leaves the cell blank.
 */
export type CellValue = string | number | undefined;

export type ListColumn<Row> = {
  /** stable key (the table's cell overrides are keyed by it) */
  key: string;
  header: string;
  /** when set, the table's header sorts by this field (sortField/sortOrder in the URL) */
  sortField?: string;
  /** the export's column width, in characters */
  width?: number;
  /** a number in rupees: two decimals in both formats */
  money?: boolean;
  value: (row: Row) => CellValue;
};

/** "—" and "" are how the table shows nothing; the export leaves such a cell blank. */
export const plain = (text: string | null | undefined): CellValue => (text && text !== "—" ? text : undefined);
