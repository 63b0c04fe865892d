import type { Key, ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** A class on this column's cells (e.g. a wrapping reason column). */
  className?: string;
}

interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => Key;
  /** The heading that names the table (its id), or a caption of its own. */
  labelledBy?: string;
  caption?: string;
  className?: string;
  /** `data-testid` on each body row, for the tests that count them. */
  rowTestId?: string;
}

/**
 * A table of records as every account and admin page shows them: column headers scoped to their
 * columns, one row a record, and sideways scrolling on a phone rather than words broken letter by
 * letter. Empty states stay with the caller: each page words its own.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  labelledBy,
  caption,
  className,
  rowTestId,
}: DataTableProps<Row>) {
  return (
    <div className="table-scroll">
      <table className={className} aria-labelledby={labelledBy}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => (
                <td key={column.header} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
