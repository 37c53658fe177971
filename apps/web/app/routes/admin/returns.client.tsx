import { Link, useSearchParams } from 'react-router';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { ADMIN_PAGE_SIZE, formatJalaliDateTime, localMobile, RETURN_STATUS_LABELS, RETURN_STATUSES } from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { ReturnBadge } from '../../features/admin/returns';
import { AdminTable, rowNumber } from '../../features/admin/table';
import { fa, PageTitle } from '../../features/admin/ui';

/** Return requests, newest first; the status filter lives in the URL (?status=&page=). */
export default function ReturnsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = RETURN_STATUSES.find((s) => s === params.get('status'));
  const { data, loading } = useApi('GET /Return/Admin', { query: { pageSize: ADMIN_PAGE_SIZE, pageNumber: page, status } });
  const rows = data?.data ?? [];
  return (
    <>
      <PageTitle>مرجوعی‌ها</PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <Group align="flex-end" gap="sm">
            <Select label="وضعیت" w={240} clearable placeholder="همه" value={status ?? null}
              data={RETURN_STATUSES.map((s) => ({ value: s, label: RETURN_STATUS_LABELS[s] }))}
              onChange={(v) => setParams(v ? { status: v } : {})} />
          </Group>
          {data && <Text size="sm" c="dimmed">{fa(data.totalCount)} درخواست</Text>}
          <AdminTable minWidth={720} rows={rows} loading={loading && !data} rowTestId={(r) => `return-${r.id}`} columns={[
            rowNumber((page - 1) * ADMIN_PAGE_SIZE),
            { head: 'سفارش', cell: (r) => <Text size="sm" component={Link} to={`/admin/orders/${r.orderId}`}>{fa(r.orderNumber)}</Text> },
            { head: 'خریدار', cell: (r) => <><Text size="sm">{r.customerName}</Text><Text size="xs" c="dimmed">{fa(localMobile(r.mobile ?? ''))}</Text></> },
            { head: 'تاریخ', cell: (r) => <Text size="sm">{formatJalaliDateTime(r.createdAt)}</Text> },
            { head: 'دلیل', cell: (r) => r.reasonLabel },
            { head: 'وضعیت', cell: (r) => <ReturnBadge status={r.status} /> },
            { head: 'جزئیات', w: 90, cell: (r) => <Button size="compact-sm" variant="subtle" component={Link} to={`/admin/returns/${r.id}`}>بررسی</Button> },
          ]} pager={{ page, totalCount: data?.totalCount ?? 0, onChange: (n) => setParams({ ...(status ? { status } : {}), page: String(n) }) }} />
        </Stack>
      </Paper>
    </>
  );
}
