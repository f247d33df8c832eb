import { Grid, Table } from 'antd';
import type { TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';

/**
 * A column of a StackingTable. `label` names its cell in a phone's stacked row (by default its `title`, when that is
 * text): for a title that is a control (the trade log's sort button), or '' for none (the row's buttons).
 */
export type StackingColumn<T> = Omit<ColumnType<T>, 'key' | 'responsive'> & { key: string; label?: string };

type Props<T> = Omit<TableProps<T>, 'columns' | 'scroll'> & {
  columns: StackingColumn<T>[];
  /** The stacked column's header on a phone (the trade log's sort button); without it a phone shows no header. */
  stackedTitle?: ReactNode;
  /** Below this width (800 px by default) the columns scroll sideways: antd would squeeze them unreadable. */
  scrollX?: number;
};

/**
 * A table of the spec's columns from antd's `sm` breakpoint (576 px) up; on a phone, one column whose cell stacks each
 * row's cells beside their labels, the row's buttons last. Five or six columns in a 390-px card scroll sideways inside
 * it, and what went past its right edge was what the row is there for: its status and its buttons.
 */
export function StackingTable<T extends object>({ columns, stackedTitle, scrollX = 800, ...props }: Props<T>) {
  const { xs } = Grid.useBreakpoint();
  const stacked: ColumnType<T> = {
    key: 'stacked',
    title: stackedTitle,
    responsive: ['xs'],
    render: (_: unknown, row: T, index: number) => (
      <dl className="stacked-row">
        {columns.map((c) => {
          const label = labelOf(c);
          return (
            <div key={c.key} className={label ? undefined : 'stacked-row-unlabelled'}>
              {label && <dt>{label}</dt>}
              <dd>{cellOf(c, row, index)}</dd>
            </div>
          );
        })}
      </dl>
    ),
  };
  const wide = columns.map((c): ColumnType<T> => ({ ...c, responsive: ['sm'] }));
  return (
    <Table<T>
      {...props}
      columns={[stacked, ...wide]}
      // On a phone the stacked rows name their cells; a header only for a control (the trade log's sort).
      showHeader={xs ? stackedTitle !== undefined : props.showHeader}
      scroll={xs ? undefined : { x: scrollX }}
    />
  );
}

const labelOf = <T,>(c: StackingColumn<T>): string => c.label ?? (typeof c.title === 'string' ? c.title : '');

/** What the table itself would show in `c`'s cell for `row`. */
function cellOf<T>(c: StackingColumn<T>, row: T, index: number): ReactNode {
  const value =
    'dataIndex' in c && typeof c.dataIndex === 'string' ? (row as Record<string, unknown>)[c.dataIndex] : row;
  return c.render ? (c.render(value, row, index) as ReactNode) : (value as ReactNode);
}
