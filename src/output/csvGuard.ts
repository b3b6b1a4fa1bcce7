/**
 * CSV formula guarding. A spreadsheet opening a CSV runs a cell that starts with `=`, `+`,
 * `-` or `@` as a formula (and a leading tab or carriage return can hide one), so text
 * from a scenario file (a label, a name) could call out to `=HYPERLINK(...)` or worse.
 * Such text gets a leading single quote, which spreadsheets show as text. Numbers are not
 * text: a number cell, or text that is itself a plain number such as a seed of `-42`, stays
 * as it is so the column still reads as numbers.
 *
 * Wiring: `cast: { string: guardCsvText }` in csv-stringify's options.
 *
 * @example
 * guardCsvText('=1+2') // "'=1+2"
 * guardCsvText('-42') // '-42'
 * guardCsvText('open ground') // 'open ground'
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function guardCsvText(text: string): string {
  if (!FORMULA_START.test(text) || PLAIN_NUMBER.test(text)) return text;
  return `'${text}`;
}

/** Any cell value: text is guarded, numbers, booleans and empty cells pass unchanged. */
export function guardCsvCell<T>(value: T): T | string {
  return typeof value === 'string' ? guardCsvText(value) : value;
}
