/**
 * A text cell a spreadsheet would read as a formula (=, @, a tab or carriage return, or + and -
 * before anything but a number or a phone number) gets a leading apostrophe: a .csv opened in Excel
 * must not run what a user typed. The list exports (app/services/export-writers.server.ts) and the
 * bank bulk-transfer file (api/src/routes/bank-files) both write their text through this.
 */
export function spreadsheetSafe(value: string): string {
  if (/^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+-][\d\s().-]*$/.test(value))) return `'${value}`;
  return value;
}
