import type { ReactNode } from 'react';

/**
 * One of the console's tables: a box that scrolls sideways on a narrow screen, a header row
 * of column names (the API's field names, as the spec's tables name them) and the rows the
 * tab renders. `actions` adds a last column for the row's buttons, named for screen readers
 * only. The `numeric` columns' names sit right, over their cells' figures (`admin-num`).
 */
export function AdminTable({
  columns,
  numeric = [],
  actions = false,
  children,
}: {
  columns: readonly string[];
  numeric?: readonly string[];
  actions?: boolean;
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            {columns.map((name) => (
              <th key={name} scope="col" className={numeric.includes(name) ? 'admin-num' : undefined}>
                {name}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="pf-visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
