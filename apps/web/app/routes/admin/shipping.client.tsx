import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  formatToman, IRAN_PROVINCES, SHIPPING_CARRIER_LABELS, SHIPPING_CARRIERS, type ShippingCarrier, type ShippingMethod,
} from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { useConfirmDelete } from '../../features/admin/confirm-delete';
import { AdminTable, rowNumber } from '../../features/admin/table';
import { fa, FaNumberInput, PageTitle } from '../../features/admin/ui';
import { useSave } from '../../features/admin/use-save';

const placeText = (r: { province: string; city?: string }) => (r.city ? `${r.city} (${r.province})` : `استان ${r.province}`);
const regionsText = (m: ShippingMethod) => (m.regions.length ? m.regions.map(placeText).join('، ') : 'همه‌جا');

export default function ShippingPage() {
  const { data, loading, reload } = useApi('GET /Shipping/Method', {});
  const [editing, setEditing] = useState<ShippingMethod | 'new' | null>(null);
  const del = useConfirmDelete({
    endpoint: 'DELETE /Shipping/Method', input: (m: ShippingMethod) => ({ query: { id: m.id } }),
    message: (m) => `روش «${m.name}» حذف شود؟ سفارش‌های ثبت‌شده نام و هزینه آن را نگه می‌دارند.`, onDeleted: () => void reload(), success: () => 'روش ارسال حذف شد',
  });
  return (
    <>
      <PageTitle actions={<Button size="xs" onClick={() => setEditing('new')}>روش ارسال جدید</Button>}>روش‌های ارسال</PageTitle>
      <Paper withBorder p="md">
        <AdminTable minWidth={620} rows={data ?? []} loading={loading && !data} rowTestId={(m) => `shipping-${m.id}`} columns={[
          rowNumber(),
          { head: 'نام', cell: (m) => <><Text size="sm" fw={500}>{m.name}</Text>{m.name !== SHIPPING_CARRIER_LABELS[m.carrier] && <Text size="xs" c="dimmed">{SHIPPING_CARRIER_LABELS[m.carrier]}</Text>}</> },
          { head: 'هزینه پایه', td: { style: { whiteSpace: 'nowrap' } }, cell: (m) => (m.carrier === 'pickup' ? 'رایگان' : formatToman(m.baseFee)) },
          { head: 'زمان تحویل', cell: (m) => m.estimate || '—' },
          { head: 'مناطق', cell: (m) => <Text size="sm" lineClamp={2}>{regionsText(m)}</Text> },
          { head: 'وضعیت', w: 80, cell: (m) => (m.isActive ? <Badge color="teal" variant="light">فعال</Badge> : <Badge color="gray" variant="light">غیرفعال</Badge>) },
        ]} menu={(m) => ({ label: `عملیات ${m.name}`, items: [
          { label: 'ویرایش', onClick: () => setEditing(m) },
          { label: 'حذف', color: 'red', onClick: () => del.ask(m) },
        ] })} />
        <Text size="xs" c="dimmed" mt="sm">هزینه هر روش در صفحه پرداخت برای نشانی و سبد خریدار حساب می‌شود؛ سفارش‌ها نام، هزینه و زمان تحویل روش را در لحظه ثبت نگه می‌دارند.</Text>
      </Paper>
      <Modal opened={!!editing} onClose={() => setEditing(null)} centered size="xl" title={editing === 'new' ? 'روش ارسال جدید' : 'ویرایش روش ارسال'}>
        {editing && <MethodForm method={editing === 'new' ? null : editing} onDone={() => { setEditing(null); void reload(); }} />}
      </Modal>
      {del.modal}
    </>
  );
}

type Place = { province: string; city?: string };
const PROVINCES = IRAN_PROVINCES.map((p) => p.name);
const citiesOf = (province: string) => IRAN_PROVINCES.find((p) => p.name === province)?.cities ?? [];

/** One row of places (a region, or a fee override with its fee): province, optional city, remove. */
function PlaceRow({ place, onChange, onRemove, label, error, children }: {
  place: Place; onChange: (p: Place) => void; onRemove: () => void; label: string; error?: string; children?: React.ReactNode;
}) {
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <Select label="استان" aria-label={`استان ${label}`} searchable data={PROVINCES} value={place.province || null} w={170} error={error}
        onChange={(v) => onChange({ province: v ?? '', city: undefined })} />
      <Select label="شهر" aria-label={`شهر ${label}`} searchable clearable placeholder="همه شهرها" data={[...citiesOf(place.province)]} value={place.city ?? null} w={170}
        onChange={(v) => onChange({ ...place, city: v ?? undefined })} />
      {children}
      <ActionIcon variant="subtle" color="red" size="lg" aria-label={`حذف ${label}`} onClick={onRemove}>×</ActionIcon>
    </Group>
  );
}

function MethodForm({ method, onDone }: { method: ShippingMethod | null; onDone: () => void }) {
  const [f, setF] = useState({
    name: method?.name ?? '', carrier: method?.carrier ?? 'post', isActive: method?.isActive ?? true, baseFee: String(method?.baseFee ?? ''),
    estimate: method?.estimate ?? '', freeAbove: method?.freeAbove === null || !method ? '' : String(method.freeAbove),
    weightIncludedGrams: String(method?.weightIncludedGrams ?? 0), weightStepGrams: String(method?.weightStepGrams ?? 0),
    weightStepFee: String(method?.weightStepFee ?? 0), sortOrder: String(method?.sortOrder ?? 0),
  });
  const [regions, setRegions] = useState<Place[]>(method?.regions ?? []);
  const [overrides, setOverrides] = useState<(Place & { fee: string })[]>((method?.feeOverrides ?? []).map((o) => ({ ...o, fee: String(o.fee) })));
  const { busy, errors, save } = useSave();
  const pickup = f.carrier === 'pickup';
  const fieldError = (prefix: string, i: number) => errors[`${prefix}.${i}.province`] ?? errors[`${prefix}.${i}.city`];
  return (
    <form noValidate onSubmit={async (e) => {
      e.preventDefault();
      const body = {
        ...f, sortOrder: f.sortOrder || 0, baseFee: pickup ? 0 : f.baseFee || 0, freeAbove: f.freeAbove || undefined, regions,
        feeOverrides: pickup ? [] : overrides.map((o) => ({ province: o.province, city: o.city, fee: o.fee || 0 })),
      };
      const opts = { success: 'روش ارسال ذخیره شد' };
      const saved = method ? await save('PUT /Shipping/Method', { body: { id: method.id, ...body } }, opts) : await save('POST /Shipping/Method', { body }, opts);
      if (saved.success) onDone();
    }}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="نام" required value={f.name} onChange={(e) => setF({ ...f, name: e.currentTarget.value })} error={errors.name} />
          <Select label="نوع" required data={SHIPPING_CARRIERS.map((c) => ({ value: c, label: SHIPPING_CARRIER_LABELS[c] }))} value={f.carrier} allowDeselect={false}
            onChange={(v) => setF({ ...f, carrier: (v ?? 'post') as ShippingCarrier })} error={errors.carrier} />
          {!pickup && <FaNumberInput label="هزینه پایه (تومان)" required value={f.baseFee} onChange={(v) => setF({ ...f, baseFee: v })} error={errors.baseFee} />}
          <TextInput label="زمان تحویل" placeholder="۲ تا ۴ روز کاری" value={f.estimate} onChange={(e) => setF({ ...f, estimate: e.currentTarget.value })} error={errors.estimate} />
          {!pickup && <FaNumberInput label="ارسال رایگان از مبلغ (تومان)" description="خالی: حد ارسال رایگان تنظیمات فروشگاه" value={f.freeAbove} onChange={(v) => setF({ ...f, freeAbove: v })} error={errors.freeAbove} />}
          <FaNumberInput label="ترتیب نمایش" grouped={false} value={f.sortOrder} onChange={(v) => setF({ ...f, sortOrder: v })} error={errors.sortOrder} />
        </SimpleGrid>
        {!pickup && (
          <>
            <Text size="sm" fw={500}>هزینه بر اساس وزن</Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <FaNumberInput label="وزن پایه (گرم)" grouped={false} description="تا این وزن فقط هزینه پایه" value={f.weightIncludedGrams} onChange={(v) => setF({ ...f, weightIncludedGrams: v })} error={errors.weightIncludedGrams} />
              <FaNumberInput label="هر گام وزن (گرم)" grouped={false} description="صفر: بدون هزینه وزنی" value={f.weightStepGrams} onChange={(v) => setF({ ...f, weightStepGrams: v })} error={errors.weightStepGrams} />
              <FaNumberInput label="هزینه هر گام (تومان)" description="به ازای هر گام آغازشده" value={f.weightStepFee} onChange={(v) => setF({ ...f, weightStepFee: v })} error={errors.weightStepFee} />
            </SimpleGrid>
            <Text size="sm" fw={500}>هزینه ویژه استان یا شهر</Text>
            {overrides.map((o, i) => (
              <PlaceRow key={i} place={o} label={`هزینه ویژه ${fa(i + 1)}`} error={fieldError('feeOverrides', i)}
                onChange={(p) => setOverrides(overrides.map((x, j) => (j === i ? { ...p, fee: x.fee } : x)))} onRemove={() => setOverrides(overrides.filter((_, j) => j !== i))}>
                <FaNumberInput label="هزینه (تومان)" w={150} value={o.fee} onChange={(v) => setOverrides(overrides.map((x, j) => (j === i ? { ...x, fee: v } : x)))} error={errors[`feeOverrides.${i}.fee`]} />
              </PlaceRow>
            ))}
            <Group><Button size="xs" variant="light" onClick={() => setOverrides([...overrides, { province: '', fee: '' }])}>افزودن هزینه ویژه</Button></Group>
          </>
        )}
        <Text size="sm" fw={500}>مناطق ارسال</Text>
        <Text size="xs" c="dimmed">{f.carrier === 'courier' ? 'پیک فقط در شهر فروشگاه؛ شهر را انتخاب کنید.' : 'خالی: ارسال به همه استان‌ها و شهرها.'}</Text>
        {errors.regions && <Text size="sm" c="red">{errors.regions}</Text>}
        {regions.map((r, i) => (
          <PlaceRow key={i} place={r} label={`منطقه ${fa(i + 1)}`} error={fieldError('regions', i)}
            onChange={(p) => setRegions(regions.map((x, j) => (j === i ? p : x)))} onRemove={() => setRegions(regions.filter((_, j) => j !== i))} />
        ))}
        <Group><Button size="xs" variant="light" onClick={() => setRegions([...regions, { province: '' }])}>افزودن منطقه</Button></Group>
        <Switch label="فعال" checked={f.isActive} onChange={(e) => setF({ ...f, isActive: e.currentTarget.checked })} />
        <Group justify="flex-end"><Button type="submit" loading={busy}>ذخیره</Button></Group>
      </Stack>
    </form>
  );
}
