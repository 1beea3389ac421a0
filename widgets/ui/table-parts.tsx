import type { Key, ReactNode } from 'react';

/** A table's head: one column header a heading. */
export function ColumnHeads({ heads }: { heads: ReactNode[] }) {
  return (
    <thead>
      <tr>
        {heads.map((head, i) => (
          <th key={i} scope="col">
            {head}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A table's body of plain rows: one row an item, one cell a value. */
export function PlainRows({ rows }: { rows: { key: Key; cells: ReactNode[] }[] }) {
  return (
    <tbody>
      {rows.map(({ key, cells }) => (
        <tr key={key}>
          {cells.map((cell, i) => (
            <td key={i}>{cell}</td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}
