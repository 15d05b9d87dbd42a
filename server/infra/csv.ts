/**
 * CSV as the product writes it (docs/decisions/115-customer-records-export.md): RFC 4180 quoting,
 * CRLF line ends, a header row. A cell a spreadsheet would run as a formula (one starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return) starts with `'` instead (OWASP CSV injection),
 * so what the file shows is the text that was stored, never a computed value.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : Array.isArray(value)
        ? value.join(' ')
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value as string | number | boolean)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A whole file: the header row, then one line per row, each line ended by CRLF. */
export function csvText(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header.map(csvCell).join(','), ...rows.map((row) => row.map(csvCell).join(','))]
  return `${lines.join('\r\n')}\r\n`
}
