import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Badge, Button, Checkbox, Group, List, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  ADMIN_PAGE_SIZE, formatJalaliDateTime, formatToman, localMobile, ORDER_STATUS_LABELS, ORDER_STATUSES, PAYMENT_PROVIDER_LABELS,
  SHIPPING_CARRIER_LABELS, SHIPPING_CARRIERS, type BulkOrderStatusResult, type OrderStatus,
} from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { ORDER_STATUS_COLORS, paidInTest } from '../../features/admin/orders';
import { AdminTable, rowNumber } from '../../features/admin/table';
import { fa, PageTitle } from '../../features/admin/ui';
import { useSave } from '../../features/admin/use-save';

const FILTERS = ['search', 'status', 'dateFrom', 'dateTo', 'payment', 'shipping'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/**
 * The order desk. Filters live in the URL (?search=&status=&dateFrom=&dateTo=&payment=&shipping=&page=); the dates are the
 * Jalali days as typed, which the API reads as whole Tehran days. Rows are selected for a bulk status change or print.
 */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const applied = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])) as Filters;
  const [draft, setDraft] = useState<Filters>(applied);
  const statusFilter = ORDER_STATUSES.find((s) => s === applied.status);
  const { data, loading, error, reload } = useApi('GET /Order/Desk', { query: {
    pageSize: ADMIN_PAGE_SIZE, pageNumber: page, status: statusFilter, search: applied.search || undefined,
    dateFrom: applied.dateFrom || undefined, dateTo: applied.dateTo || undefined, payment: applied.payment || undefined,
    shipping: SHIPPING_CARRIERS.find((c) => c === applied.shipping),
  } });
  const rows = data?.data ?? [];
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkStatus, setBulkStatus] = useState<OrderStatus | null>(null);
  const [outcome, setOutcome] = useState<BulkOrderStatusResult | null>(null);
  const { busy, save } = useSave();

  const apply = (patch: Partial<Filters> & { page?: string }) => {
    const next = { ...draft, ...patch };
    setDraft((d) => ({ ...d, ...patch }));
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));
  };
  const toggle = (id: number, on: boolean) => setSelected((s) => {
    const n = new Set(s);
    if (on) n.add(id); else n.delete(id);
    return n;
  });
  const allOnPage = rows.length > 0 && rows.every((o) => selected.has(o.id));
  const ids = [...selected];
  const printHref = (kind: 'invoice' | 'label') => `/admin/print?kind=${kind}&ids=${ids.join(',')}`;

  return (
    <>
      <PageTitle>سفارش‌ها</PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <Group align="flex-end" wrap="wrap" gap="sm" component="form" onSubmit={(e) => { e.preventDefault(); apply({ page: '' }); }}>
            <TextInput label="جستجو" description="شماره سفارش، موبایل یا نام" w={220} value={fa(draft.search)}
              onChange={(e) => setDraft({ ...draft, search: e.currentTarget.value })} />
            <Select label="وضعیت" w={190} clearable placeholder="همه" value={draft.status || null}
              data={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))} onChange={(v) => apply({ status: v ?? '', page: '' })} />
            <TextInput label="از تاریخ" w={130} placeholder="۱۴۰۵/۰۹/۰۱" value={fa(draft.dateFrom)} onChange={(e) => setDraft({ ...draft, dateFrom: e.currentTarget.value })} />
            <TextInput label="تا تاریخ" w={130} placeholder="۱۴۰۵/۰۹/۳۰" value={fa(draft.dateTo)} onChange={(e) => setDraft({ ...draft, dateTo: e.currentTarget.value })} />
            <Select label="روش پرداخت" w={170} clearable placeholder="همه" value={draft.payment || null}
              data={Object.entries(PAYMENT_PROVIDER_LABELS).map(([value, label]) => ({ value, label }))} onChange={(v) => apply({ payment: v ?? '', page: '' })} />
            <Select label="روش ارسال" w={170} clearable placeholder="همه" value={draft.shipping || null}
              data={SHIPPING_CARRIERS.map((c) => ({ value: c, label: SHIPPING_CARRIER_LABELS[c] }))} onChange={(v) => apply({ shipping: v ?? '', page: '' })} />
            <Button type="submit" variant="light">اعمال فیلتر</Button>
            {FILTERS.some((k) => applied[k]) && (
              <Button variant="subtle" color="gray" onClick={() => { setDraft({ search: '', status: '', dateFrom: '', dateTo: '', payment: '', shipping: '' }); setParams({}); }}>حذف فیلترها</Button>
            )}
          </Group>
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">{data ? `${fa(data.totalCount)} سفارش` : ' '}{selected.size > 0 && `، ${fa(selected.size)} انتخاب‌شده`}</Text>
            <Group gap="xs" wrap="wrap" align="flex-end">
              <Select aria-label="وضعیت تازه برای سفارش‌های انتخاب‌شده" placeholder="تغییر وضعیت به…" w={200} value={bulkStatus}
                data={ORDER_STATUSES.filter((s) => s !== 'awaiting_payment').map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
                onChange={(v) => setBulkStatus(v as OrderStatus | null)} disabled={!selected.size} />
              <Button disabled={!selected.size || !bulkStatus} loading={busy} onClick={async () => {
                if (!bulkStatus) return;
                const res = await save('POST /Order/BulkStatus', { body: { ids, status: bulkStatus } });
                if (!res.success) return;
                setOutcome(res.data);
                setSelected(new Set(res.data.results.filter((r) => !r.ok).map((r) => r.id)));
                void reload();
              }}>اعمال روی انتخاب‌شده‌ها</Button>
              {(['invoice', 'label'] as const).map((kind) => {
                const label = kind === 'invoice' ? 'چاپ فاکتور' : 'چاپ برچسب';
                return selected.size
                  ? <Button key={kind} variant="default" component="a" href={printHref(kind)} target="_blank">{label}</Button>
                  : <Button key={kind} variant="default" disabled>{label}</Button>;
              })}
            </Group>
          </Group>
          {outcome && (
            <Alert color={outcome.changed === outcome.results.length ? 'teal' : 'orange'} withCloseButton closeButtonLabel="بستن" onClose={() => setOutcome(null)}
              title={`وضعیت ${fa(outcome.changed)} سفارش از ${fa(outcome.results.length)} سفارش تغییر کرد`} aria-live="polite">
              <List size="sm" spacing={2}>
                {outcome.results.map((r) => (
                  <List.Item key={r.id}>{r.number ? `سفارش ${fa(r.number)}` : `شناسه ${fa(r.id)}`}: {r.ok ? r.message : <Text span fw={700} size="sm">{r.message}</Text>}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <AdminTable minWidth={700} rows={rows} loading={loading && !data} columns={[
            {
              head: <Checkbox aria-label="انتخاب همه سفارش‌های این صفحه" checked={allOnPage} indeterminate={!allOnPage && rows.some((o) => selected.has(o.id))}
                onChange={(e) => { const on = e.currentTarget.checked; rows.forEach((o) => toggle(o.id, on)); }} />,
              w: 44,
              cell: (o) => <Checkbox aria-label={`انتخاب سفارش ${fa(o.number)}`} checked={selected.has(o.id)} onChange={(e) => toggle(o.id, e.currentTarget.checked)} />,
            },
            rowNumber((page - 1) * ADMIN_PAGE_SIZE),
            { head: 'شماره سفارش', cell: (o) => fa(o.number) },
            { head: 'گیرنده', cell: (o) => <><Text size="sm">{o.firstname} {o.lastname}</Text><Text size="xs" c="dimmed">{fa(localMobile(o.mobile))}</Text></> },
            { head: 'تاریخ ثبت', cell: (o) => <Text size="sm">{formatJalaliDateTime(o.createdAt)}</Text> },
            { head: 'مبلغ', td: { style: { whiteSpace: 'nowrap' } }, cell: (o) => formatToman(o.total) },
            // The whole status, never cut with an ellipsis (a narrow screen scrolls the table instead).
            // A test gateway's «paid» under it: nothing was taken, not an order to ship.
            { head: 'وضعیت', td: { style: { whiteSpace: 'nowrap' } }, cell: (o) => <Stack gap={4} align="flex-start">
              <Badge variant="light" color={ORDER_STATUS_COLORS[o.status]} styles={{ label: { overflow: 'visible' } }}>{ORDER_STATUS_LABELS[o.status]}</Badge>
              {paidInTest(o) && <Badge variant="outline" color="red" styles={{ label: { overflow: 'visible' } }}>پرداخت آزمایشی</Badge>}
            </Stack> },
            { head: 'جزئیات', w: 90, cell: (o) => <Button size="compact-sm" variant="subtle" component={Link} to={`/admin/orders/${o.id}`}>مشاهده</Button> },
          ]} pager={{ page, totalCount: data?.totalCount ?? 0,
            onChange: (n) => setParams(Object.fromEntries(Object.entries({ ...applied, page: String(n) }).filter(([, v]) => v))) }} />
        </Stack>
      </Paper>
    </>
  );
}
