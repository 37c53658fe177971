import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatJalali, formatNumber, formatToman, ORDER_STATUS_LABELS, tehranDayStart, type DashboardStats, type OrderStatus } from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { ORDER_STATUS_COLORS } from '../../features/admin/orders';
import { useSession } from '../../features/admin/session';
import { DataTable, EmptyRow, fa, FaNumberInput, imgSrc } from '../../features/admin/ui';
import { useSave } from '../../features/admin/use-save';

function Stat({ label, value, hint, to }: { label: string; value: string; hint?: string; to?: string }) {
  const body = (
    <>
      <Text size="sm" c="dimmed">{label}</Text>
      <Text fw={800} size="xl" mt={4}>{value}</Text>
      {hint && <Text size="xs" c="dimmed" mt={2}>{hint}</Text>}
    </>
  );
  return to
    ? <Paper withBorder p="md" component={Link} to={to} style={{ textDecoration: 'none', color: 'inherit' }}>{body}</Paper>
    : <Paper withBorder p="md">{body}</Paper>;
}

/**
 * Shown while the server's gateway moves no money (the built-in fake one, or Zarinpal's sandbox): orders are marked
 * paid all the same, and an owner who ships them ships for nothing. The fix is the server's configuration, so that is
 * what it names.
 */
function TestPaymentsWarning({ payments }: { payments: DashboardStats['payments'] }) {
  if (!payments.test) return null;
  const fix = payments.provider === 'fake' ? 'PAYMENT_PROVIDER=zarinpal\nZARINPAL_MERCHANT_ID=…\nZARINPAL_SANDBOX=false' : 'ZARINPAL_SANDBOX=false';
  return (
    <Alert color="orange" variant="light" title="پرداخت‌ها آزمایشی است؛ پولی دریافت نمی‌شود" data-testid="test-payments">
      <Text size="sm">
        {payments.provider === 'fake'
          ? 'فروشگاه با درگاه آزمایشی داخلی کار می‌کند: هر خریداری می‌تواند بدون پرداخت پول سفارش «پرداخت‌شده» ثبت کند.'
          : 'درگاه زرین‌پال در حالت آزمایشی (sandbox) است: پولی جابه‌جا نمی‌شود، ولی سفارش‌ها «پرداخت‌شده» ثبت می‌شوند.'}
        {' '}پیش از فروش واقعی {payments.provider === 'fake' ? 'این تنظیم‌ها' : 'این تنظیم'} را در محیط سرور بگذارید و سرور را دوباره راه بیندازید:
      </Text>
      <Code block dir="ltr" mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{fix}</Code>
    </Alert>
  );
}

/** Statuses in which an order waits for someone (the shop, the shopper or the carrier). */
const WAITING: OrderStatus[] = ['paid', 'processing', 'paid_unfulfillable', 'shipped', 'awaiting_payment'];

export default function DashboardPage() {
  const { user } = useSession();
  const { data, loading, reload } = useApi('GET /Dashboard', {});
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} size="h3">سلام {user.firstname || user.username}</Title>
          <Text c="dimmed" size="sm">امروز {formatJalali(new Date())}</Text>
        </div>
        <Group gap="xs">
          {user.permissions.includes('catalog') && <Button size="xs" component={Link} to="/admin/add-product">افزودن محصول</Button>}
          <Button size="xs" variant="default" component={Link} to="/admin/orders">سفارش‌ها</Button>
        </Group>
      </Group>
      {data && <TestPaymentsWarning payments={data.payments} />}
      <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }}>
        <Stat label="فروش امروز" value={data ? formatToman(data.salesToday) : '…'} />
        <Stat label="فروش این ماه" value={data ? formatToman(data.salesMonth) : '…'} />
        <Stat label="سفارش‌های امروز" value={data ? fa(data.ordersToday) : '…'} to="/admin/orders" />
        <Stat label="سفارش‌های در انتظار رسیدگی" value={data ? fa(data.openOrderCount) : '…'} hint="پرداخت‌شده یا در حال آماده‌سازی" to="/admin/orders?status=paid" />
        <Stat label="کل سفارش‌ها" value={data ? fa(data.orderCount) : '…'} to="/admin/orders" />
        <Stat label="محصولات" value={data ? fa(data.productCount) : '…'} hint={data ? `${fa(data.outOfStockCount)} ناموجود` : undefined} to="/admin/show-product" />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb="sm">فروش ۳۰ روز گذشته</Title>
        {data ? <SalesChart days={data.salesByDay} /> : <Text c="dimmed" size="sm">در حال بارگذاری…</Text>}
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="sm">پرفروش‌ترین‌ها (۳۰ روز)</Title>
          <DataTable minWidth={360}>
            <Table.Thead><Table.Tr><Table.Th>محصول</Table.Th><Table.Th w={70}>تعداد</Table.Th><Table.Th w={140}>فروش</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {!data?.bestSellers.length ? <EmptyRow colSpan={3} loading={loading} /> : data.bestSellers.map((b) => (
                <Table.Tr key={b.productId}>
                  <Table.Td><Text size="sm" component={Link} to={`/admin/edit-product/${b.productId}`}>{b.title}</Text></Table.Td>
                  <Table.Td>{fa(b.quantity)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatToman(b.sales)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </DataTable>
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="sm">سفارش‌های در انتظار، به تفکیک وضعیت</Title>
          <Stack gap="xs">
            {WAITING.map((s) => (
              <Link key={s} to={`/admin/orders?status=${s}`} style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', textDecoration: 'none', color: 'inherit' }}>
                <Badge variant="light" color={ORDER_STATUS_COLORS[s]}>{ORDER_STATUS_LABELS[s]}</Badge>
                <Text fw={700}>{data ? fa(data.ordersByStatus.find((x) => x.status === s)?.count ?? 0) : '…'}</Text>
              </Link>
            ))}
          </Stack>
        </Paper>
      </SimpleGrid>
      <LowStock data={data} loading={loading} onSaved={reload} />
    </Stack>
  );
}

const dayLabel = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { day: 'numeric', month: 'long', timeZone: 'Asia/Tehran' });
/** A Tehran day given as its Gregorian date, in Jalali: «۴ آذر». */
const jalaliDay = (day: string) => dayLabel.format(tehranDayStart(day));

/**
 * Sales per day as an SVG bar chart, read right to left (the oldest day on the right, as the page reads), with the
 * same figures in a table for screen readers (the SVG itself is one image with a summary).
 */
function SalesChart({ days }: { days: DashboardStats['salesByDay'] }) {
  const W = 600, H = 190, top = 14, bottom = 28, side = 8;
  const max = Math.max(...days.map((d) => d.sales), 1);
  const slot = (W - 2 * side) / days.length;
  const total = days.reduce((s, d) => s + d.sales, 0);
  const x = (i: number) => W - side - (i + 1) * slot;
  const summary = `فروش ۳۰ روز گذشته: مجموع ${formatToman(total)}، بیشترین فروش روزانه ${formatToman(days.length ? Math.max(...days.map((d) => d.sales)) : 0)}`;
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={summary} style={{ display: 'block', maxHeight: 260 }}>
        <line x1={side} x2={W - side} y1={H - bottom} y2={H - bottom} stroke="#adb5bd" />
        <line x1={side} x2={W - side} y1={top} y2={top} stroke="#e9ecef" strokeDasharray="4 4" />
        <text x={W - side} y={top - 3} fontSize="10" fill="#495057" textAnchor="start" direction="rtl">{formatToman(max)}</text>
        {days.map((d, i) => {
          // A day whose refunds passed its sales (net below zero) draws no bar; its figure is in the title and the table.
          const h = ((H - top - bottom) * Math.max(0, d.sales)) / max;
          return (
            <g key={d.day}>
              <rect x={x(i) + slot * 0.15} width={slot * 0.7} y={H - bottom - h} height={Math.max(h, d.sales > 0 ? 1 : 0)} rx={2} fill="#c2255c">
                <title>{`${jalaliDay(d.day)}: ${formatToman(d.sales)} (${fa(d.orders)} سفارش${d.refunds ? `، بازپرداخت ${formatToman(d.refunds)}` : ''})`}</title>
              </rect>
              {(i % 5 === 0 || i === days.length - 1) && (
                <text x={x(i) + slot / 2} y={H - bottom + 16} fontSize="10" fill="#495057" textAnchor="middle">{jalaliDay(d.day)}</text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption><Text size="xs" c="dimmed">مجموع {formatToman(total)} در {fa(days.reduce((s, d) => s + d.orders, 0))} سفارش</Text></figcaption>
      <VisuallyHidden>
        <table>
          <caption>فروش روزانه ۳۰ روز گذشته</caption>
          <thead><tr><th scope="col">روز</th><th scope="col">فروش</th><th scope="col">سفارش</th></tr></thead>
          <tbody>{days.map((d) => <tr key={d.day}><th scope="row">{jalaliDay(d.day)}</th><td>{formatToman(d.sales)}</td><td>{fa(d.orders)}</td></tr>)}</tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}

function LowStock({ data, loading, onSaved }: { data: DashboardStats | undefined; loading: boolean; onSaved: () => void }) {
  const [threshold, setThreshold] = useState('');
  const { busy, errors, save } = useSave();
  // The threshold is the catalogue's (decision 020): an order operator sees the list, not the form.
  const mayEdit = useSession().user.permissions.includes('catalog');
  useEffect(() => { if (data) setThreshold(String(data.lowStockThreshold)); }, [data]);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <Title order={2} size="h5">موجودی رو به اتمام</Title>
        {mayEdit && <Group gap="xs" align="flex-end" component="form" onSubmit={async (e) => {
          e.preventDefault();
          const res = await save('PUT /Dashboard/LowStockThreshold', { body: { threshold } }, { success: 'حد موجودی کم ذخیره شد' });
          if (res.success) onSaved();
        }}>
          <FaNumberInput label="حد موجودی کم" description="در این عدد یا کمتر، یک پیامک به مدیر" w={190} grouped={false}
            value={threshold} onChange={setThreshold} error={errors.threshold} />
          <Button type="submit" variant="light" loading={busy}>ذخیره</Button>
        </Group>}
      </Group>
      <DataTable minWidth={480}>
        <Table.Thead>
          <Table.Tr><Table.Th w={60}>تصویر</Table.Th><Table.Th>محصول</Table.Th><Table.Th>ترکیب</Table.Th><Table.Th w={110}>موجودی</Table.Th><Table.Th w={90}>عملیات</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!data?.lowStock.length ? <EmptyRow colSpan={5} loading={loading} /> : data.lowStock.map((p) => (
            <Table.Tr key={p.variantId}>
              <Table.Td>{p.thumbUri ? <img src={imgSrc(p.thumbUri)} alt="" width={36} height={36} style={{ objectFit: 'cover', borderRadius: 6 }} /> : '—'}</Table.Td>
              <Table.Td>{p.title}</Table.Td>
              <Table.Td>{p.label || '—'}</Table.Td>
              <Table.Td>{p.stock === 0 ? <Badge color="red" variant="light">ناموجود</Badge> : <Badge color="orange" variant="light">{formatNumber(p.stock)} عدد</Badge>}</Table.Td>
              <Table.Td><Button size="compact-sm" variant="subtle" component={Link} to={`/admin/edit-product/${p.id}`}>ویرایش</Button></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
      {data && data.lowStockCount > data.lowStock.length && (
        <Group justify="space-between" mt="sm" gap="xs" wrap="wrap" data-testid="low-stock-more">
          <Text size="sm" c="dimmed">{fa(data.lowStockCount - data.lowStock.length)} ترکیب دیگر هم در حد موجودی کم یا ناموجود است.</Text>
          <Button size="compact-sm" variant="light" component={Link} to="/admin/show-product?stock=low">همه در فهرست محصولات</Button>
        </Group>
      )}
    </Paper>
  );
}
