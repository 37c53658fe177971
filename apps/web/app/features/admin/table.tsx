import type { ReactNode } from 'react';
import { ActionIcon, Menu, Table, type TableTdProps } from '@mantine/core';
import { ADMIN_PAGE_SIZE } from '@sorkhab/shared';
import { DataTable, EmptyRow, fa, Pager } from './ui';

const STICKY = 'admin-sticky-end';
const WIDE_ONLY = 'admin-wide-only';

/** One column of an admin list: its header, width and the cell it shows for a row. */
export interface Column<T> {
  head: ReactNode;
  /** Width in px (the table lays out the rest). */
  w?: number;
  cell: (row: T, index: number) => ReactNode;
  /** Props of every body cell of this column (direction, style). */
  td?: TableTdProps;
  /**
   * Shown only on a wide screen (from Mantine's lg, 1200 px): a column the owner can do without on a tablet, so that the
   * ones that matter (a price, a stock) fit beside the row's title instead of behind a sideways scroll.
   */
  wideOnly?: boolean;
}

const classOf = (column: { wideOnly?: boolean }, last: boolean) => [column.wideOnly && WIDE_ONLY, last && STICKY].filter(Boolean).join(' ') || undefined;

/** The «ردیف» column: 1, 2, 3… after `offset` rows of earlier pages, in Persian digits. */
export function rowNumber<T>(offset = 0, w = 56): Column<T> {
  return { head: 'ردیف', w, cell: (_row, i) => fa(offset + i + 1) };
}

/**
 * An admin list table: header, one row per item, the empty/loading row of spec section 8, with
 * `menu` a last «عملیات» column of row menus, and with `pager` the server-side pager under it.
 * On a narrow screen (768 px) the table scrolls sideways in its box and its last column — the row's
 * operations (menu, «مشاهده», «ارسال دوباره») — stays pinned at the box's end edge (`admin-sticky-end`).
 */
export function AdminTable<T extends { id: number | string }>({ columns: own, rows, loading, minWidth, rowTestId, menu, pager }: {
  columns: Column<T>[];
  rows: T[];
  /** Shows «در حال بارگذاری…» instead of «نتیجه‌ای یافت نشد» while there are no rows. */
  loading: boolean;
  minWidth?: number;
  rowTestId?: (row: T) => string;
  menu?: (row: T) => RowMenuProps;
  pager?: { page: number; totalCount: number; onChange: (page: number) => void } | false;
}) {
  const columns: Column<T>[] = menu ? [...own, { head: 'عملیات', w: 80, cell: (row: T) => <RowMenu {...menu(row)} /> }] : own;
  const last = columns.length - 1;
  return (
    <>
      <DataTable minWidth={minWidth}>
        <Table.Thead>
          <Table.Tr>{columns.map((c, j) => <Table.Th key={j} w={c.w} className={classOf(c, j === last)}>{c.head}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? <EmptyRow colSpan={columns.length} loading={loading} /> : rows.map((row, i) => (
            <Table.Tr key={row.id} data-testid={rowTestId?.(row)}>
              {columns.map((c, j) => <Table.Td key={j} {...c.td} className={classOf(c, j === last)}>{c.cell(row, i)}</Table.Td>)}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      {pager && <Pager page={pager.page} totalCount={pager.totalCount} pageSize={ADMIN_PAGE_SIZE} onChange={pager.onChange} />}
    </>
  );
}

type RowMenuItem =
  | { label: string; onClick: () => void; color?: 'red'; disabled?: boolean }
  | { label: string; href: string; target?: string }
  | 'divider';

interface RowMenuProps {
  /** The «⋮» button's accessible name, e.g. `عملیات ${title}`. */
  label: string;
  /** The entries; `false` leaves one out. */
  items: (RowMenuItem | false)[];
}

/** The «⋮» menu of a row. A click on it does not reach the row (a tree node toggles on click). */
export function RowMenu({ label, items }: RowMenuProps) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={(e) => e.stopPropagation()}>⋮</ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item, i) =>
          item === false ? null
            : item === 'divider' ? <Menu.Divider key={i} />
              : 'href' in item ? <Menu.Item key={i} component="a" href={item.href} target={item.target}>{item.label}</Menu.Item>
                : <Menu.Item key={i} className={item.color === 'red' ? 'admin-menu-danger' : undefined} disabled={item.disabled} onClick={item.onClick}>{item.label}</Menu.Item>,
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
