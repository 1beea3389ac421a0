/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF (LF alone is accepted too), a field in
 * double quotes may hold commas, line breaks and doubled quotes (`""`). A final line break does not
 * start an empty record. Returns undefined for a quote left open or text after a closing quote.
 */
export function parseCsv(text: string): string[][] | undefined {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let afterQuote = false;
  const endField = () => {
    record.push(field);
    field = '';
    afterQuote = false;
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
      } else field += ch;
      i += 1;
      continue;
    }
    if (ch === ',') endField();
    else if (ch === '\r' || ch === '\n') {
      endField();
      records.push(record);
      record = [];
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
    } else if (afterQuote) return undefined;
    else if (ch === '"' && field === '') quoted = true;
    else field += ch;
    i += 1;
  }
  if (quoted) return undefined;
  if (field !== '' || afterQuote || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

/** One field as RFC 4180 writes it: quoted when it holds a comma, quote or line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Records as CSV text, CRLF after every record. */
export function writeCsv(records: readonly (readonly string[])[]): string {
  return records.map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
}
