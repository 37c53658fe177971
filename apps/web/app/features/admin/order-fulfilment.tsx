import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, Textarea, TextInput, Timeline, Title } from '@mantine/core';
import { formatJalaliDateTime, PAYMENT_METHOD_LABELS, PAYMENT_PROVIDER_LABELS, type Order } from '@sorkhab/shared';
import { detailRow, fa } from './ui';
import { useSave } from './use-save';


/** The tracking code field shown when the admin moves an order to shipped (required for post and tipax on the server). */
export function ShipFields({ order, onDone }: { order: Order; onDone: (o: Order) => void }) {
  const [code, setCode] = useState(order.trackingCode ?? '');
  const { busy, errors, save } = useSave();
  const tracked = order.shipping?.carrier === 'post' || order.shipping?.carrier === 'tipax';
  return (
    <Stack gap="xs">
      <TextInput label="کد رهگیری مرسوله" dir="ltr" required={tracked} value={code} onChange={(e) => setCode(e.currentTarget.value)} error={errors.trackingCode}
        description={tracked ? `کدی که ${order.shipping!.name} روی رسید داده است؛ در پیامک خریدار فرستاده می‌شود` : 'اختیاری'} data-testid="tracking-input" />
      <Group justify="flex-end">
        <Button loading={busy} onClick={async () => {
          const res = await save('PUT /Order/Ship', { body: { id: order.id, trackingCode: code.trim() || undefined } }, { success: 'سفارش ارسال‌شده ثبت شد' });
          if (res.success) onDone(res.data);
        }}>ثبت ارسال</Button>
      </Group>
    </Stack>
  );
}

/** A payment made outside the gateway (card to card, or cash on delivery), recorded once with a note. */
function MarkPaid({ order, onDone }: { order: Order; onDone: (o: Order) => void }) {
  const [note, setNote] = useState('');
  const { busy, errors, save } = useSave();
  return (
    <Stack gap="xs" mt="xs">
      <Textarea label="یادداشت پرداخت" description={order.paymentMethod === 'cod' ? 'مثلاً: دریافت نقدی توسط پیک' : 'مثلاً: کارت به کارت، شماره پیگیری و نام پرداخت‌کننده'}
        autosize minRows={2} maxLength={500} required value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} />
      <Group justify="flex-end">
        <Button variant="light" loading={busy} onClick={async () => {
          const res = await save('PUT /Order/MarkPaid', { body: { id: order.id, note } }, { success: 'پرداخت سفارش ثبت شد' });
          if (res.success) { setNote(''); onDone(res.data); }
        }}>ثبت پرداخت</Button>
      </Group>
    </Stack>
  );
}

/** Shipping and payment of one order: the method as chosen, the tracking code and link, a manual payment, the timeline. */
export function OrderFulfilment({ order, onDone }: { order: Order; onDone: (o: Order) => void }) {
  const payable = order.status === 'awaiting_payment' || (order.paymentMethod === 'cod' && !order.paidAt && order.status !== 'cancelled');
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">ارسال و پرداخت</Title>
      <Stack gap="xs">
        {detailRow('روش ارسال', order.shipping ? order.shipping.name : '—')}
        {order.shipping?.estimate && detailRow('زمان تحویل', order.shipping.estimate)}
        {detailRow('روش پرداخت', PAYMENT_METHOD_LABELS[order.paymentMethod])}
        {order.paymentProvider && detailRow('پرداخت‌شده با', PAYMENT_PROVIDER_LABELS[order.paymentProvider] ?? order.paymentProvider)}
        {order.trackingCode && (
          // Under its label, across the card: beside it, an Iran Post code (24 digits) wrapped in two at 1280 px.
          <Stack gap={2} data-testid="tracking-code">
            <Text size="sm" c="dimmed">کد رهگیری</Text>
            <Text size="xs" fw={500} component="div" dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }}>
              {order.trackingUrl
                ? <Anchor href={order.trackingUrl} target="_blank" rel="noopener noreferrer" size="xs" fw={500}>{order.trackingCode}</Anchor>
                : order.trackingCode}
            </Text>
          </Stack>
        )}
        {payable && <MarkPaid order={order} onDone={onDone} />}
        {order.events.length > 0 && (
          <>
            <Text size="sm" fw={500} mt="xs">روند سفارش</Text>
            <Timeline active={order.events.length - 1} bulletSize={12} lineWidth={2}>
              {order.events.map((e, i) => (
                <Timeline.Item key={i} title={<Text size="sm" fw={500}>{e.label}</Text>}>
                  <Text size="xs" c="dimmed">{formatJalaliDateTime(e.at)}</Text>
                  {e.note && <Text size="xs" style={{ overflowWrap: 'anywhere' }}>{fa(e.note)}</Text>}
                </Timeline.Item>
              ))}
            </Timeline>
          </>
        )}
      </Stack>
    </Paper>
  );
}
