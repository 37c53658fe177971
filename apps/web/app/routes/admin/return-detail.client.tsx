import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  formatJalali, formatJalaliDateTime, formatToman, localMobile, parseJalaliDate, REFUND_METHOD_LABELS, REFUND_METHODS, TEHRAN_OFFSET, type RefundMethod,
  type ReturnRequest,
} from '@sorkhab/shared';
import { toastError, useApi } from '../../features/admin/api';
import { ReturnBadge } from '../../features/admin/returns';
import { ConfirmModal, DataTable, detailRow, fa, FaNumberInput, PageTitle } from '../../features/admin/ui';
import { useSave } from '../../features/admin/use-save';

/** Approve (all or some units) or reject a waiting request; record the refund of an approved one. */
function Decide({ r, onDone }: { r: ReturnRequest; onDone: (r: ReturnRequest) => void }) {
  const [qty, setQty] = useState<Record<number, string>>(() => Object.fromEntries(r.items.map((i) => [i.orderItemId, String(i.quantity)])));
  const [note, setNote] = useState('');
  const { busy, errors, save } = useSave();
  // Either decision is final (approving puts the units back in stock at once; the shopper is told of either): each
  // asks once more, approving with the units it takes back.
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const items = r.items.map((i) => ({ orderItemId: i.orderItemId, quantity: Number(qty[i.orderItemId] || 0), line: i })).filter((i) => i.quantity > 0);
  const approve = async () => {
    setAsking(null);
    const res = await save('PUT /Return/Approve', { body: { id: r.id, items: items.map(({ orderItemId, quantity }) => ({ orderItemId, quantity })), note: note.trim() || undefined } },
      { success: 'مرجوعی تأیید شد و موجودی کالاها برگشت' });
    if (res.success) onDone(res.data);
  };
  const reject = async () => {
    setAsking(null);
    const res = await save('PUT /Return/Reject', { body: { id: r.id, note } }, { success: 'درخواست رد شد' });
    if (res.success) onDone(res.data);
  };
  // A unit count above what the shopper asked to return is named on its field, and nothing is sent: the owner is taken
  // to the first such field (its error is read out with it) rather than told again in a toast.
  const over = (i: ReturnRequest['items'][number]) => Number(qty[i.orderItemId] || 0) > i.quantity;
  const unitsId = (i: ReturnRequest['items'][number]) => `return-units-${i.orderItemId}`;
  const askApprove = () => {
    const first = r.items.find(over);
    if (first) document.getElementById(unitsId(first))?.focus();
    else if (!items.length) toastError('دست‌کم یک کالا را برای تأیید انتخاب کنید، یا درخواست را رد کنید');
    else setAsking('approve');
  };
  return (
    <Paper withBorder p="md" mt="md">
      <Title order={2} size="h5" mb="sm">بررسی درخواست</Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">تعداد تأییدشده هر کالا را وارد کنید (۰ یعنی تأیید نشود). موجودی کالاهای تأییدشده همان لحظه برمی‌گردد.</Text>
        {r.items.map((i) => (
          <FaNumberInput key={i.orderItemId} id={unitsId(i)} label={`${i.title}${i.option ? ` (${i.option})` : ''}: حداکثر ${fa(i.quantity)}`} w={320} grouped={false}
            value={qty[i.orderItemId] ?? ''} onChange={(v) => setQty((q) => ({ ...q, [i.orderItemId]: v }))}
            error={over(i) ? `بیش از ${fa(i.quantity)} عدد درخواست نشده است` : undefined} />
        ))}
        {errors.items && <Text size="sm" c="red">{errors.items}</Text>}
        <Textarea label="یادداشت برای خریدار" description="برای رد درخواست الزامی است" autosize minRows={2} maxLength={500}
          value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} />
        <Group>
          <Button loading={busy} onClick={askApprove}>تأیید مرجوعی</Button>
          <Button loading={busy} color="red" variant="light" onClick={() => (note.trim() ? setAsking('reject') : void reject())}>رد درخواست</Button>
        </Group>
      </Stack>
      <ConfirmModal opened={asking === 'approve'} onClose={() => setAsking(null)} onConfirm={approve} title="تأیید مرجوعی" color="brand"
        confirmLabel="تأیید و برگشت به موجودی"
        message={`${items.map((i) => `${fa(i.quantity)} عدد «${i.line.title}»${i.line.option ? ` (${i.line.option})` : ''}`).join('، ')} به موجودی برمی‌گردد و خریدار از تأیید باخبر می‌شود. این کار برگشت‌پذیر نیست.`} />
      <ConfirmModal opened={asking === 'reject'} onClose={() => setAsking(null)} onConfirm={reject} title="رد درخواست مرجوعی"
        confirmLabel="رد درخواست" message="خریدار از رد درخواست و یادداشت شما باخبر می‌شود. این کار برگشت‌پذیر نیست." />
    </Paper>
  );
}

function Refund({ r, onDone }: { r: ReturnRequest; onDone: (r: ReturnRequest) => void }) {
  const [amount, setAmount] = useState(String(r.approvedAmount ?? ''));
  const [method, setMethod] = useState<RefundMethod>('card_to_card');
  const [reference, setReference] = useState('');
  const [date, setDate] = useState('');
  const { busy, errors, save } = useSave();
  const submit = async () => {
    const day = date.trim() ? parseJalaliDate(date) : '';
    if (day === null) return toastError('تاریخ را به شکل ۱۴۰۵/۰۹/۰۱ وارد کنید');
    const res = await save('PUT /Return/Refund', {
      body: { id: r.id, amount, method, reference, refundedAt: day ? `${day}T12:00:00${TEHRAN_OFFSET}` : undefined },
    }, { success: 'بازپرداخت ثبت شد' });
    if (res.success) onDone(res.data);
  };
  return (
    <Paper withBorder p="md" mt="md">
      <Title order={2} size="h5" mb="sm">ثبت بازپرداخت</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FaNumberInput label="مبلغ (تومان)" description={`پیشنهاد: سهم کالاهای تأییدشده از مبلغ پرداختی، ${formatToman(r.approvedAmount ?? 0)}`}
          value={amount} onChange={setAmount} error={errors.amount} />
        <Select label="روش بازپرداخت" value={method} allowDeselect={false} onChange={(v) => v && setMethod(v as RefundMethod)}
          data={REFUND_METHODS.map((m) => ({ value: m, label: REFUND_METHOD_LABELS[m] }))} />
        <TextInput label="شماره پیگیری" value={reference} onChange={(e) => setReference(e.currentTarget.value)} error={errors.reference} maxLength={100} />
        <TextInput label="تاریخ بازپرداخت" description="خالی: امروز" placeholder="۱۴۰۵/۰۹/۰۱" value={fa(date)} onChange={(e) => setDate(e.currentTarget.value)} error={errors.refundedAt} />
      </SimpleGrid>
      <Group mt="md"><Button loading={busy} onClick={submit}>ثبت بازپرداخت</Button></Group>
    </Paper>
  );
}

export default function ReturnDetailPage() {
  const { id } = useParams();
  const { data: r, setData, error } = useApi('GET /Return/AdminById', id ? { query: { id } } : null);
  if (error) return <Text c="red">{error}</Text>;
  if (!r) return <Text c="dimmed">در حال بارگذاری…</Text>;
  const decided = r.status === 'approved' || r.status === 'refunded';
  return (
    <>
      <PageTitle actions={<Button size="xs" variant="default" component={Link} to="/admin/returns">بازگشت به مرجوعی‌ها</Button>}>
        مرجوعی سفارش {fa(r.orderNumber)}
      </PageTitle>
      <SimpleGrid cols={{ base: 1, md: 2 }} mb="md">
        <Paper withBorder p="md">
          <Stack gap="xs">
            {detailRow('وضعیت', <ReturnBadge status={r.status} />)}
            {detailRow('سفارش', <Link to={`/admin/orders/${r.orderId}`}>{fa(r.orderNumber)}</Link>)}
            {detailRow('خریدار', `${r.customerName ?? ''}، ${fa(localMobile(r.mobile ?? ''))}`)}
            {detailRow('تاریخ درخواست', formatJalaliDateTime(r.createdAt))}
            {detailRow('دلیل', `${r.reasonLabel}${r.reasonText ? `: ${r.reasonText}` : ''}`)}
            {r.description && <Text size="sm">{r.description}</Text>}
            {r.adminNote && detailRow('یادداشت فروشگاه', r.adminNote)}
            {r.decidedAt && detailRow('تاریخ بررسی', formatJalaliDateTime(r.decidedAt))}
            {r.refundAmount !== null && detailRow('بازپرداخت', `${formatToman(r.refundAmount)} · ${r.refundMethod ? REFUND_METHOD_LABELS[r.refundMethod] : ''}`)}
            {r.refundReference && detailRow('شماره پیگیری', /^\d+$/.test(r.refundReference) ? fa(r.refundReference) : <bdi dir="ltr">{r.refundReference}</bdi>)}
            {r.refundedAt && detailRow('تاریخ بازپرداخت', formatJalali(r.refundedAt))}
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="sm">عکس‌ها</Title>
          {r.photos.length ? (
            <Group>
              {r.photos.map((p, n) => (
                <a key={p.id} href={`/api/Return/AdminPhoto?id=${p.id}`} target="_blank" rel="noreferrer">
                  <img src={`/api/Return/AdminPhoto?id=${p.id}`} alt={`عکس ${fa(n + 1)} خریدار`} width={120} height={120} style={{ objectFit: 'cover', borderRadius: 8 }} />
                </a>
              ))}
            </Group>
          ) : <Text size="sm" c="dimmed">عکسی فرستاده نشده است.</Text>}
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb="sm">کالاها</Title>
        <DataTable minWidth={520}>
          <Table.Thead>
            <Table.Tr><Table.Th>محصول</Table.Th><Table.Th>قیمت واحد</Table.Th><Table.Th>درخواستی</Table.Th>{decided && <Table.Th>تأییدشده</Table.Th>}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.items.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td><Text size="sm">{i.title}</Text>{i.option && <Text size="xs" c="dimmed">{i.option}</Text>}</Table.Td>
                <Table.Td>{formatToman(i.unitPrice)}</Table.Td>
                <Table.Td>{fa(i.quantity)}</Table.Td>
                {decided && <Table.Td>{fa(i.approvedQuantity)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      </Paper>
      {r.status === 'requested' && <Decide r={r} onDone={setData} />}
      {r.status === 'approved' && <Refund r={r} onDone={setData} />}
    </>
  );
}
