import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import {
  formatJalaliDateTime, formatToman, localMobile, ORDER_STATUS_LABELS, ORDER_TRANSITIONS, PAYMENT_PROVIDER_LABELS, type OrderStatus,
} from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { OrderFulfilment, ShipFields } from '../../features/admin/order-fulfilment';
import { ORDER_STATUS_COLORS, paidInTest } from '../../features/admin/orders';
import { OrderReturns } from '../../features/admin/returns';
import { DataTable, detailRow, fa, PageTitle, thumbOf } from '../../features/admin/ui';
import { useSave } from '../../features/admin/use-save';

export default function OrderDetailPage() {
  const { id } = useParams();
  const { data: order, setData, error } = useApi('GET /Order/AdminById', id ? { query: { id } } : null);
  const [next, setNext] = useState<OrderStatus | null>(null);
  const { busy, save } = useSave();
  const [note, setNote] = useState('');
  if (error) return <Text c="red">{error}</Text>;
  if (!order) return <Text c="dimmed">در حال بارگذاری…</Text>;
  // Refunded only when the order's money was taken (the server refuses the rest).
  const options = ORDER_TRANSITIONS[order.status].filter((s) => s !== 'refunded' || order.paidAt);
  const submit = (
    <Button disabled={!next} loading={busy} onClick={async () => {
      if (!next) return; // the button is disabled then
      const updated = await save('PUT /Order/SetStatus', { body: { id: order.id, status: next, from: order.status, note: note.trim() || undefined } }, { success: 'وضعیت سفارش تغییر کرد' });
      if (updated.success) { setData(updated.data); setNext(null); setNote(''); }
    }}>ثبت</Button>
  );
  return (
    <>
      <PageTitle actions={<>
        <Button size="xs" variant="light" component="a" href={`/admin/print?kind=invoice&ids=${order.id}`} target="_blank">چاپ فاکتور</Button>
        <Button size="xs" variant="light" component="a" href={`/admin/print?kind=label&ids=${order.id}`} target="_blank">چاپ برچسب</Button>
        <Button size="xs" variant="default" component={Link} to="/admin/orders">بازگشت به سفارش‌ها</Button>
      </>}>
        سفارش {fa(order.number)}
      </PageTitle>
      {paidInTest(order) && (
        <Alert color="red" variant="light" mb="md" title="پرداخت آزمایشی: پولی دریافت نشده است" data-testid="test-payment-warning">
          این سفارش در «{PAYMENT_PROVIDER_LABELS[order.paymentProvider!]}» پرداخت شده است که پولی جابه‌جا نمی‌کند. آن را نفرستید؛ اگر
          خریدار واقعی است، پرداخت را از او دوباره بخواهید.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2, lg: 4 }} mb="md">
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="sm">وضعیت</Title>
          <Stack gap="xs">
            {detailRow('وضعیت فعلی', <Badge variant="light" color={ORDER_STATUS_COLORS[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Badge>)}
            {detailRow('تاریخ ثبت', formatJalaliDateTime(order.createdAt))}
            {order.paidAt && detailRow('تاریخ پرداخت', formatJalaliDateTime(order.paidAt))}
            {order.paymentRefId && detailRow('کد پیگیری پرداخت', /^\d+$/.test(order.paymentRefId) ? fa(order.paymentRefId) : <bdi dir="ltr">{order.paymentRefId}</bdi>)}
            {options.length > 0 ? (
              <Stack gap="xs" mt="xs">
                {/* The select has the card's width and the button goes under it: beside it, at 1280 px, «در حال آماده‌سازی» was cut. */}
                <Select label="تغییر وضعیت به" value={next} onChange={(v) => setNext(v as OrderStatus | null)}
                  data={options.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))} />
                {next !== 'refunded' && next !== 'shipped' && <Group justify="flex-end">{submit}</Group>}
                {next === 'shipped' && <ShipFields order={order} onDone={(o) => { setData(o); setNext(null); }} />}
                {next === 'cancelled' && order.paidAt && (
                  <Alert color="orange" variant="light" data-testid="cancel-paid-warning">
                    پول این سفارش دریافت شده است. اگر آن را به خریدار برمی‌گردانید، «{ORDER_STATUS_LABELS.refunded}» را برگزینید تا
                    کالاها به موجودی برگردند و شیوه و کد پیگیری بازپرداخت ثبت شود.
                  </Alert>
                )}
                {/* A refund is made outside the shop: the note (kept in the audit log) says how. */}
                {next === 'refunded' && (
                  <>
                    <Textarea label="یادداشت بازپرداخت" description="شیوه و کد پیگیری بازپرداخت به خریدار" autosize minRows={2} maxLength={500}
                      value={note} onChange={(e) => setNote(e.currentTarget.value)} />
                    <Group justify="flex-end">{submit}</Group>
                  </>
                )}
              </Stack>
            ) : <Text size="sm" c="dimmed">این سفارش به پایان گردش کار رسیده است.</Text>}
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="sm">گیرنده</Title>
          <Stack gap="xs">
            {detailRow('نام', `${order.firstname} ${order.lastname}`)}
            {detailRow('موبایل', fa(localMobile(order.mobile)))}
            {detailRow('استان و شهر', `${order.province}، ${order.city}`)}
            {detailRow('کد پستی', fa(order.postalCode))}
            <Text size="sm">{order.address}</Text>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="sm">مبالغ</Title>
          <Stack gap="xs">
            {detailRow('جمع کالاها', formatToman(order.subtotal))}
            {order.discount > 0 && detailRow(<>تخفیف{order.discountCode && <> <bdi dir="ltr">({order.discountCode})</bdi></>}</>, `− ${formatToman(order.discount)}`)}
            {detailRow('هزینه ارسال', order.shippingFee ? formatToman(order.shippingFee) : 'رایگان')}
            {detailRow('مبلغ کل', <b>{formatToman(order.total)}</b>)}
            {/* A refunded return gave part of it back: said here, with what the shop kept. */}
            {!!order.returnsRefunded && <>
              {detailRow('بازپرداخت مرجوعی', `− ${formatToman(order.returnsRefunded)}`)}
              {detailRow('خالص دریافتی', <b data-testid="order-net">{formatToman(order.total - order.returnsRefunded)}</b>)}
            </>}
          </Stack>
        </Paper>
        <OrderFulfilment order={order} onDone={setData} />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb="sm">اقلام سفارش</Title>
        <DataTable minWidth={620}>
          <Table.Thead>
            <Table.Tr><Table.Th w={60}>تصویر</Table.Th><Table.Th>محصول</Table.Th><Table.Th>قیمت واحد</Table.Th><Table.Th>تعداد</Table.Th><Table.Th>جمع</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.items.map((it) => (
              <Table.Tr key={it.id}>
                <Table.Td>{it.imageUri ? <img src={thumbOf(it)} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 6 }} /> : '—'}</Table.Td>
                <Table.Td><Text size="sm" component={Link} to={`/admin/edit-product/${it.productId}`}>{it.title}</Text>{it.option && <Text size="xs" c="dimmed">{it.option}</Text>}</Table.Td>
                <Table.Td>{formatToman(it.unitPrice)}</Table.Td>
                <Table.Td>{fa(it.quantity)}</Table.Td>
                <Table.Td>{formatToman(it.lineTotal)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      </Paper>
      <OrderReturns orderId={order.id} />
    </>
  );
}
