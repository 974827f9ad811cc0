/**
 * One CSV field per RFC 4180, made safe for spreadsheets: a cell starting with = + - @ (or tab/CR, which some
 * programs skip before evaluating) is prefixed with a quote so it is shown as text, never run as a formula (OWASP
 * "CSV injection").
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
