import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { ADMIN_PAGE_SIZE, formatJalaliDateTime, formatToman, ORDER_STATUS_LABELS, ORDER_STATUSES } from '@sorkhab/shared';
import { toastError, useApi } from '../../features/admin/api';

import { ORDER_STATUS_COLORS } from '../../features/admin/orders';
import { AdminTable, rowNumber } from '../../features/admin/table';
import { fa, PageTitle } from '../../features/admin/ui';

export function meta() {
  return [{ title: 'سفارش‌ها | پنل مدیریت سرخاب' }];
}

/** Filters live in the URL (?status=&from=&to=&page=), dates as ISO; the inputs show them in Jalali. */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = params.get('status') ?? '';
  // A status the API does not know (a hand-edited URL) filters nothing.
  const statusFilter = ORDER_STATUSES.find((s) => s === status);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const [fromText, setFromText] = useState(params.get('fromJ') ?? '');
  const [toText, setToText] = useState(params.get('toJ') ?? '');
  const { data, loading } = useApi('GET /Order/Admin', { query: {
    pageSize: ADMIN_PAGE_SIZE, pageNumber: page, status: statusFilter,
    from: from ? `${from}T00:00:00+03:30` : undefined, to: to ? `${to}T23:59:59+03:30` : undefined,
  } });
  const rows = data?.data ?? [];
  const update = (patch: Record<string, string>) => {
    const next = { status, from, to, fromJ: fromText, toJ: toText, ...patch };
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));
  };

  return (
    <>
      <PageTitle>سفارش‌ها</PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Select label="وضعیت" w={200} clearable placeholder="همه" value={status || null}
              data={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))} onChange={(v) => update({ status: v ?? '', page: '' })} />
            <TextInput label="از تاریخ" w={150} placeholder="۱۴۰۵/۰۹/۰۱" value={fa(fromText)} onChange={(e) => setFromText(e.currentTarget.value)} />
            <TextInput label="تا تاریخ" w={150} placeholder="۱۴۰۵/۰۹/۳۰" value={fa(toText)} onChange={(e) => setToText(e.currentTarget.value)} />
            <Button variant="light" onClick={() => {
              const f = fromText.trim() ? parseJalaliDate(fromText) : '';
              const t = toText.trim() ? parseJalaliDate(toText) : '';
              if (f === null || t === null) return toastError('تاریخ را به شکل ۱۴۰۵/۰۹/۰۱ وارد کنید');
              update({ from: f, to: t, page: '' });
            }}>اعمال فیلتر</Button>
            {(status || from || to) && <Button variant="subtle" color="gray" onClick={() => { setFromText(''); setToText(''); setParams({}); }}>حذف فیلترها</Button>}
          </Group>
          {data && <Text size="sm" c="dimmed">{fa(data.totalCount)} سفارش</Text>}
          <AdminTable minWidth={860} rows={rows} loading={loading && !data} columns={[
            rowNumber((page - 1) * ADMIN_PAGE_SIZE),
            { head: 'شماره سفارش', cell: (o) => fa(o.number) },
            { head: 'گیرنده', cell: (o) => <><Text size="sm">{o.firstname} {o.lastname}</Text><Text size="xs" c="dimmed">{fa(o.mobile.replace(/^98/, '0'))}</Text></> },
            { head: 'تاریخ ثبت', cell: (o) => <Text size="sm">{formatJalaliDateTime(o.createdAt)}</Text> },
            { head: 'مبلغ', td: { style: { whiteSpace: 'nowrap' } }, cell: (o) => formatToman(o.total) },
            { head: 'وضعیت', cell: (o) => <Badge variant="light" color={ORDER_STATUS_COLORS[o.status]}>{ORDER_STATUS_LABELS[o.status]}</Badge> },
            { head: 'جزئیات', w: 90, cell: (o) => <Button size="compact-sm" variant="subtle" component={Link} to={`/admin/orders/${o.id}`}>مشاهده</Button> },
          ]} pager={{ page, totalCount: data?.totalCount ?? 0, onChange: (n) => update({ page: String(n) }) }} />
        </Stack>
      </Paper>
    </>
  );
}
