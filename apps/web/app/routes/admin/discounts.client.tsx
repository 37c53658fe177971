import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Group, Modal, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_PAGE_SIZE, formatJalaliShort, formatNumber, formatToman, parseJalaliDate, TEHRAN_OFFSET, type Discount } from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { useConfirmDelete } from '../../features/admin/confirm-delete';
import { AdminTable, rowNumber } from '../../features/admin/table';
import { fa, FaNumberInput, PageTitle } from '../../features/admin/ui';
import { useSave } from '../../features/admin/use-save';
import { stopIfBlank } from '../../lib/required';

const valueText = (d: Pick<Discount, 'kind' | 'value'>) => (d.kind === 'percent' ? `${fa(d.value)}٪` : formatToman(d.value));

export default function DiscountsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const { data, loading, reload } = useApi('GET /Discount', { query: { pageSize: ADMIN_PAGE_SIZE, pageNumber: debounced ? 1 : page, search: debounced } });
  const [editing, setEditing] = useState<Discount | 'new' | null>(null);
  const del = useConfirmDelete({
    endpoint: 'DELETE /Discount', input: (d: Discount) => ({ query: { id: d.id } }), message: (d) => `کد «${d.code}» حذف شود؟`, onDeleted: () => void reload(),
    // A code an order used stays (the order shows it) and is deactivated instead.
    success: (r) => (r.deactivated ? 'این کد در سفارش‌ها به کار رفته است؛ به جای حذف، غیرفعال شد' : 'کد تخفیف حذف شد'),
  });
  const rows = data?.data ?? [];
  const now = Date.now();
  return (
    <>
      <PageTitle actions={<Button size="xs" onClick={() => setEditing('new')}>کد تخفیف جدید</Button>}>کدهای تخفیف</PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <TextInput placeholder="جستجوی کد…" aria-label="جستجوی کد تخفیف" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={280} maw="100%" />
          <AdminTable minWidth={820} rows={rows} loading={loading && !data} columns={[
            rowNumber(((data?.page ?? 1) - 1) * ADMIN_PAGE_SIZE),
            { head: 'کد', td: { dir: 'ltr', style: { textAlign: 'right', fontFamily: 'monospace' } }, cell: (d) => d.code },
            { head: 'تخفیف', cell: (d) => valueText(d) },
            { head: 'حداقل سفارش', cell: (d) => (d.minOrder ? formatToman(d.minOrder) : '—') },
            { head: 'انقضا', cell: (d) => (d.expiresAt ? formatJalaliShort(d.expiresAt) : 'بدون انقضا') },
            { head: 'استفاده', cell: (d) => <>{formatNumber(d.usedCount)}{d.usageLimit !== null ? ` از ${formatNumber(d.usageLimit)}` : ''}</> },
            { head: 'وضعیت', w: 90, cell: (d) => <DiscountStatus discount={d} now={now} /> },
          ]} menu={(d) => ({ label: `عملیات ${d.code}`, items: [
            { label: 'ویرایش', onClick: () => setEditing(d) },
            { label: 'حذف', color: 'red', onClick: () => del.ask(d) },
          ] })} pager={!debounced && { page, totalCount: data?.totalCount ?? 0, onChange: (n) => setParams({ page: String(n) }) }} />
        </Stack>
      </Paper>
      <Modal opened={!!editing} onClose={() => setEditing(null)} centered size="lg" title={editing === 'new' ? 'کد تخفیف جدید' : 'ویرایش کد تخفیف'}>
        {editing && <DiscountForm discount={editing === 'new' ? null : editing} onDone={() => { setEditing(null); void reload(); }} />}
      </Modal>
      {del.modal}
    </>
  );
}

function DiscountStatus({ discount: d, now }: { discount: Discount; now: number }) {
  const expired = !!d.expiresAt && new Date(d.expiresAt).getTime() < now;
  const usedUp = d.usageLimit !== null && d.usedCount >= d.usageLimit;
  return !d.isActive ? <Badge color="gray" variant="light">غیرفعال</Badge>
    : expired ? <Badge color="orange" variant="light">منقضی</Badge>
      : usedUp ? <Badge color="orange" variant="light">تمام‌شده</Badge>
        : <Badge color="teal" variant="light">فعال</Badge>;
}

function DiscountForm({ discount, onDone }: { discount: Discount | null; onDone: () => void }) {
  const [f, setF] = useState({
    code: discount?.code ?? '', kind: discount?.kind ?? 'percent', value: discount ? String(discount.value) : '',
    minOrder: discount?.minOrder ? String(discount.minOrder) : '', expires: discount?.expiresAt ? formatJalaliShort(discount.expiresAt) : '',
    usageLimit: discount?.usageLimit ? String(discount.usageLimit) : '', isActive: discount?.isActive ?? true,
  });
  const { busy, errors, setErrors, save } = useSave();
  return (
    <form noValidate onSubmit={async (e) => {
      e.preventDefault();
      if (stopIfBlank(e.currentTarget, { code: [f.code, 'کد'], value: [f.value, f.kind === 'percent' ? 'درصد تخفیف' : 'مبلغ تخفیف'] }, setErrors)) return;
      let expiresAt: string | undefined; // none: no expiry (the server stores null)
      if (f.expires.trim()) {
        const iso = parseJalaliDate(f.expires);
        if (!iso) return setErrors({ expiresAt: 'تاریخ را به شکل ۱۴۰۵/۱۰/۰۱ وارد کنید' });
        expiresAt = `${iso}T23:59:59${TEHRAN_OFFSET}`; // the end of that day in Tehran
      }
      const body = {
        code: f.code, kind: f.kind, value: f.value, minOrder: f.minOrder || 0, expiresAt,
        usageLimit: f.usageLimit || undefined, isActive: f.isActive,
      };
      const opts = { success: 'کد تخفیف ذخیره شد' };
      const saved = discount ? await save('PUT /Discount', { body: { id: discount.id, ...body } }, opts) : await save('POST /Discount', { body }, opts);
      if (saved.success) onDone();
    }}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="کد" required dir="ltr" placeholder="YALDA1405" value={f.code} onChange={(e) => setF({ ...f, code: e.currentTarget.value.toUpperCase() })} error={errors.code} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>نوع تخفیف</Text>
            <SegmentedControl value={f.kind} onChange={(v) => setF({ ...f, kind: v as 'percent' | 'fixed' })} data={[{ value: 'percent', label: 'درصدی' }, { value: 'fixed', label: 'مبلغ ثابت' }]} />
          </Stack>
          <FaNumberInput label={f.kind === 'percent' ? 'درصد تخفیف' : 'مبلغ تخفیف (تومان)'} required grouped={f.kind === 'fixed'} value={f.value} onChange={(v) => setF({ ...f, value: v })} error={errors.value} />
          <FaNumberInput label="حداقل مبلغ سفارش (تومان)" value={f.minOrder} onChange={(v) => setF({ ...f, minOrder: v })} error={errors.minOrder} />
          <TextInput label="تاریخ انقضا" placeholder="۱۴۰۵/۱۰/۰۱" description="خالی یعنی بدون انقضا" value={fa(f.expires)} onChange={(e) => setF({ ...f, expires: e.currentTarget.value })} error={errors.expiresAt} />
          <FaNumberInput label="سقف دفعات استفاده" description="خالی یعنی نامحدود" value={f.usageLimit} onChange={(v) => setF({ ...f, usageLimit: v })} error={errors.usageLimit} />
        </SimpleGrid>
        <Switch label="فعال" checked={f.isActive} onChange={(e) => setF({ ...f, isActive: e.currentTarget.checked })} />
        {f.value && <Text size="sm" c="dimmed">تخفیف: {valueText({ kind: f.kind as 'percent' | 'fixed', value: Number(f.value) })}{f.minOrder ? `، برای سفارش‌های از ${formatNumber(Number(f.minOrder))} تومان` : ''}</Text>}
        <Group justify="flex-end"><Button type="submit" loading={busy}>ذخیره</Button></Group>
      </Stack>
    </form>
  );
}
