export type FieldChange = {
  field: string;
  old: string;
  new: string;
  /** a file-upload change, flagged 'File Upload' */
  fileUpload: boolean;
};

export type DetailFact = { label: string; value: string };

export type OrderActivityDetails = {
  /** the details in plain words (details that are not a JSON object or list) */
  text: string | null;
  /** key / value pairs, nested keys joined with › */
  facts: DetailFact[];
  /** Field / Old / New rows (from → to, old/new pairs, updated_fields) */
  changes: FieldChange[];
  /** the details as stored, pretty-printed when JSON; only when the words above do not say it all */
  raw: string | null;
  /** the admin named in the details (`by`), for "who" */
  by: string | null;
};
