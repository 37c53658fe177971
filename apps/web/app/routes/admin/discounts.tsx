import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ActionIcon, Badge, Button, Group, Menu, Modal, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_PAGE_SIZE, formatJalaliShort, formatNumber, formatToman, type Discount } from '@sorkhab/shared';
import { qs } from '../../lib/api';
import { call, useApi } from '../../features/admin/api';
import { parseJalaliDate } from '../../features/admin/jalali';
import { ConfirmModal, DataTable, EmptyRow, fa, FaNumberInput, PageTitle, Pager } from '../../features/admin/ui';

export function meta() {
  return [{ title: 'کدهای تخفیف | پنل مدیریت سرخاب' }];
}

type Paged<T> = { data: T[]; page: number; pageSize: number; totalCount: number };

const valueText = (d: Pick<Discount, 'kind' | 'value'>) => (d.kind === 'percent' ? `${fa(d.value)}٪` : formatToman(d.value));

export default function DiscountsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const { data, loading, reload } = useApi<Paged<Discount>>(`Discount${qs({ pageSize: ADMIN_PAGE_SIZE, pageNumber: debounced ? 1 : page, search: debounced })}`);
  const [editing, setEditing] = useState<Discount | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Discount | null>(null);
  const rows = data?.data ?? [];
  const now = Date.now();
  return (
    <>
      <PageTitle actions={<Button size="xs" onClick={() => setEditing('new')}>کد تخفیف جدید</Button>}>کدهای تخفیف</PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <TextInput placeholder="جستجوی کد…" aria-label="جستجوی کد تخفیف" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={280} maw="100%" />
          <DataTable minWidth={820}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={56}>ردیف</Table.Th><Table.Th>کد</Table.Th><Table.Th>تخفیف</Table.Th><Table.Th>حداقل سفارش</Table.Th>
                <Table.Th>انقضا</Table.Th><Table.Th>استفاده</Table.Th><Table.Th w={90}>وضعیت</Table.Th><Table.Th w={80}>عملیات</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? <EmptyRow colSpan={8} loading={loading && !data} /> : rows.map((d, i) => {
                const expired = !!d.expiresAt && new Date(d.expiresAt).getTime() < now;
                const usedUp = d.usageLimit !== null && d.usedCount >= d.usageLimit;
                return (
                  <Table.Tr key={d.id}>
                    <Table.Td>{fa(((data?.page ?? 1) - 1) * ADMIN_PAGE_SIZE + i + 1)}</Table.Td>
                    <Table.Td dir="ltr" style={{ textAlign: 'right', fontFamily: 'monospace' }}>{d.code}</Table.Td>
                    <Table.Td>{valueText(d)}</Table.Td>
                    <Table.Td>{d.minOrder ? formatToman(d.minOrder) : '—'}</Table.Td>
                    <Table.Td>{d.expiresAt ? formatJalaliShort(d.expiresAt) : 'بدون انقضا'}</Table.Td>
                    <Table.Td>{fa(d.usedCount)}{d.usageLimit !== null ? ` از ${fa(d.usageLimit)}` : ''}</Table.Td>
                    <Table.Td>
                      {!d.isActive ? <Badge color="gray" variant="light">غیرفعال</Badge>
                        : expired ? <Badge color="orange" variant="light">منقضی</Badge>
                          : usedUp ? <Badge color="orange" variant="light">تمام‌شده</Badge>
                            : <Badge color="teal" variant="light">فعال</Badge>}
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end">
                        <Menu.Target><ActionIcon variant="subtle" color="gray" aria-label={`عملیات ${d.code}`}>⋮</ActionIcon></Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setEditing(d)}>ویرایش</Menu.Item>
                          <Menu.Item color="red" onClick={() => setDeleting(d)}>حذف</Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </DataTable>
          {!debounced && <Pager page={page} totalCount={data?.totalCount ?? 0} pageSize={ADMIN_PAGE_SIZE} onChange={(n) => setParams({ page: String(n) })} />}
        </Stack>
      </Paper>
      <Modal opened={!!editing} onClose={() => setEditing(null)} centered size="lg" title={editing === 'new' ? 'کد تخفیف جدید' : 'ویرایش کد تخفیف'}>
        {editing && <DiscountForm discount={editing === 'new' ? null : editing} onDone={() => { setEditing(null); void reload(); }} />}
      </Modal>
      <ConfirmModal opened={!!deleting} onClose={() => setDeleting(null)} message={`کد «${deleting?.code ?? ''}» حذف شود؟`}
        onConfirm={async () => {
          const res = await call('DELETE', `Discount?id=${deleting!.id}`, undefined, { success: 'کد تخفیف حذف شد' });
          setDeleting(null);
          if (res.success) void reload();
        }} />
    </>
  );
}

function DiscountForm({ discount, onDone }: { discount: Discount | null; onDone: () => void }) {
  const [f, setF] = useState({
    code: discount?.code ?? '', kind: discount?.kind ?? 'percent', value: discount ? String(discount.value) : '',
    minOrder: discount?.minOrder ? String(discount.minOrder) : '', expires: discount?.expiresAt ? formatJalaliShort(discount.expiresAt) : '',
    usageLimit: discount?.usageLimit ? String(discount.usageLimit) : '', isActive: discount?.isActive ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  return (
    <form onSubmit={async (e) => {
      e.preventDefault();
      let expiresAt: string | null = null;
      if (f.expires.trim()) {
        const iso = parseJalaliDate(f.expires);
        if (!iso) return setErrors({ expiresAt: 'تاریخ را به شکل ۱۴۰۵/۱۰/۰۱ وارد کنید' });
        expiresAt = `${iso}T23:59:59+03:30`; // the end of that day in Tehran
      }
      setBusy(true);
      const body = {
        id: discount?.id, code: f.code, kind: f.kind, value: f.value, minOrder: f.minOrder || 0, expiresAt,
        usageLimit: f.usageLimit || null, isActive: f.isActive,
      };
      const res = await call(discount ? 'PUT' : 'POST', 'Discount', body, { success: 'کد تخفیف ذخیره شد' });
      setBusy(false);
      if (res.success) onDone(); else setErrors(res.error.fields ?? {});
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
