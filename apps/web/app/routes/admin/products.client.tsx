import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Badge, Button, Checkbox, Group, Modal, Paper, Rating, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_PAGE_SIZE, discountedPrice, formatToman, type ProductListItem } from '@sorkhab/shared';
import { call, useApi } from '../../features/admin/api';
import { useConfirmDelete } from '../../features/admin/confirm-delete';
import { AdminTable, rowNumber } from '../../features/admin/table';
import { fa, FaNumberInput, PageTitle, thumbOf } from '../../features/admin/ui';
import { useSave } from '../../features/admin/use-save';
import { apiFilterOf, BulkBar, DeskFilterBar, exportHref, filtersOf, ImportModal, type DeskFilters } from '../../features/admin/product-desk';

type Action = { kind: 'off' | 'rate'; product: ProductListItem };
const STATUSES = [{ value: '', label: 'همه' }, { value: 'draft', label: 'پیش‌نویس' }, { value: 'published', label: 'منتشرشده' }];

export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = filtersOf(params);
  const { title } = filters;
  const status = (['draft', 'published'] as const).find((s) => s === filters.status);
  /** The list's address: the search and the filters (a change goes back to page 1). */
  const update = (patch: Partial<DeskFilters>, p = 1) => {
    const next: Record<string, string> = { ...filters, ...patch, page: p > 1 ? String(p) : '' };
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)), { replace: 'title' in patch });
    setSelected([]);
  };
  const [search, setSearch] = useState(title);
  const [debounced] = useDebouncedValue(search, 400);
  useEffect(() => {
    if (debounced.trim() !== title) update({ title: debounced.trim() });
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps
  const filter = apiFilterOf(filters);
  const { data, loading, reload } = useApi('GET /Product/Admin', { query: { pageSize: ADMIN_PAGE_SIZE, pageNumber: page, ...filter } });
  const [selected, setSelected] = useState<number[]>([]);
  const [importing, setImporting] = useState(false);
  const [action, setAction] = useState<Action | null>(null);
  const del = useConfirmDelete({
    endpoint: 'DELETE /Product/Delete', input: (p: ProductListItem) => ({ query: { id: p.id } }), message: (p) => `محصول «${p.title}» حذف شود؟`, onDeleted: () => void reload(),
    success: (r) => (r.hidden ? 'محصول حذف شد؛ چون در سفارش‌ها یا سبد خرید مشتریان بود، سوابق آن پنهان نگه داشته شد' : 'محصول حذف شد'),
  });
  const navigate = useNavigate();
  const rows = data?.data ?? [];
  async function setDraft(p: ProductListItem, isDraft: boolean) {
    const res = await call('PUT /Product/SetDraft', { body: { id: p.id, isDraft } }, { success: isDraft ? 'محصول به پیش‌نویس بازگشت' : 'محصول منتشر شد' });
    if (res.success) void reload();
  }
  async function duplicate(p: ProductListItem) {
    const res = await call('POST /Product/Duplicate', { body: { id: p.id } }, { success: 'کپی محصول به‌صورت پیش‌نویس ساخته شد' });
    if (res.success) navigate(`/admin/edit-product/${res.data.id}`);
  }

  return (
    <>
      <PageTitle actions={<>
        <Button size="xs" variant="default" component="a" href={exportHref(filter)} download>خروجی CSV</Button>
        <Button size="xs" variant="default" onClick={() => setImporting(true)}>ورود از CSV</Button>
        <Button size="xs" component={Link} to="/admin/add-product">افزودن محصول</Button>
      </>}>محصولات</PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <Group justify="space-between" wrap="wrap">
            <Group gap="sm" wrap="wrap">
              <TextInput placeholder="جستجو بر اساس عنوان…" aria-label="جستجوی محصول" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={320} maw="100%" />
              <SegmentedControl size="sm" aria-label="وضعیت انتشار" data={STATUSES} value={status ?? ''}
                onChange={(v) => update({ status: v })} />
            </Group>
            {data && <Text size="sm" c="dimmed">{fa(data.totalCount)} محصول</Text>}
          </Group>
          <DeskFilterBar filters={filters} onChange={update} />
          <BulkBar selected={selected} totalCount={data?.totalCount ?? 0} filter={filter} onDone={() => { setSelected([]); void reload(); }} />
          <AdminTable minWidth={640} rows={rows} loading={loading && !data} rowTestId={(p) => `product-row-${p.id}`} columns={[
            { head: <Checkbox aria-label="انتخاب همه ردیف‌های این صفحه" checked={rows.length > 0 && rows.every((p) => selected.includes(p.id))}
              indeterminate={rows.some((p) => selected.includes(p.id)) && !rows.every((p) => selected.includes(p.id))}
              onChange={(e) => setSelected(e.currentTarget.checked ? rows.map((p) => p.id) : [])} />, w: 40,
            cell: (p) => <Checkbox aria-label={`انتخاب ${p.title}`} checked={selected.includes(p.id)}
              onChange={(e) => { const on = e.currentTarget.checked; setSelected((s) => (on ? [...s, p.id] : s.filter((x) => x !== p.id))); }} /> },
            rowNumber((page - 1) * ADMIN_PAGE_SIZE),
            { head: 'تصویر', w: 60, cell: (p) => (p.imageUri ? <img src={thumbOf(p)} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 6 }} /> : <Text c="dimmed">—</Text>) },
            // The alias (its Latin name) under the title rather than in a column of its own: at 1280 px that column left
            // the category's name cut short.
            { head: 'عنوان', cell: (p) => (
              <Group gap={6} wrap="nowrap">
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={500} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>{p.title}</Text>
                  {p.alias && <Text size="xs" c="dimmed" lineClamp={1} dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }} data-testid="product-alias">{p.alias}</Text>}
                </Stack>
                {p.isDraft && <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }}>پیش‌نویس</Badge>}
              </Group>
            ) },
            { head: 'دسته‌بندی', wideOnly: true, cell: (p) => <Text size="sm" lineClamp={1}>{p.categoryDescs}</Text> },
            // «از»: its cheapest combination's price, others selling above it (decision 014), as the storefront's card says.
            { head: 'قیمت', td: { style: { whiteSpace: 'nowrap' } }, cell: (p) => {
              const from = p.priceVaries && <Text span size="xs" c="dimmed">از </Text>;
              return p.offPersent > 0 ? (
                <Stack gap={0}>
                  <Group gap={4} wrap="nowrap"><Text size="xs" td="line-through" c="dimmed">{formatToman(p.price)}</Text><Text size="xs" fw={700} c="red.9">{fa(p.offPersent)}٪</Text></Group>
                  <Text size="sm">{from}{formatToman(p.offPrice)}</Text>
                </Stack>
              ) : <Text size="sm">{from}{formatToman(p.price)}</Text>;
            } },
            { head: 'موجودی', w: 80, cell: (p) => (p.stock > 0 ? fa(p.stock) : <Badge color="gray" variant="light">ناموجود</Badge>) },
          ]} menu={(p) => ({ label: `عملیات ${p.title}`, items: [
            { label: 'مشاهده و ویرایش', onClick: () => navigate(`/admin/edit-product/${p.id}`) },
            !p.isDraft && { label: 'نمایش در فروشگاه', href: `/product/${p.id}`, target: '_blank' },
            p.isDraft ? { label: 'انتشار', onClick: () => void setDraft(p, false) } : { label: 'بازگرداندن به پیش‌نویس', onClick: () => void setDraft(p, true) },
            { label: 'کپی محصول', onClick: () => void duplicate(p) },
            { label: 'تخفیف', onClick: () => setAction({ kind: 'off', product: p }) },
            { label: 'امتیاز', onClick: () => setAction({ kind: 'rate', product: p }) },
            { label: 'افزودن گالری', onClick: () => navigate(`/admin/gallery-product/${p.id}`) },
            'divider',
            { label: 'حذف', color: 'red', onClick: () => del.ask(p) },
          ] })} pager={{ page, totalCount: data?.totalCount ?? 0, onChange: (n) => update({}, n) }} />
        </Stack>
      </Paper>

      {del.modal}
      <ImportModal opened={importing} onClose={() => setImporting(false)} onApplied={() => void reload()} />
      <Modal opened={action?.kind === 'off'} onClose={() => setAction(null)} title="تخفیف محصول" centered>
        {action?.kind === 'off' && <OffForm product={action.product} onDone={() => { setAction(null); void reload(); }} />}
      </Modal>
      <Modal opened={action?.kind === 'rate'} onClose={() => setAction(null)} title="امتیاز محصول" centered>
        {action?.kind === 'rate' && <RateForm product={action.product} onDone={() => { setAction(null); void reload(); }} />}
      </Modal>
    </>
  );
}

function OffForm({ product, onDone }: { product: ProductListItem; onDone: () => void }) {
  const [hasOff, setHasOff] = useState(product.offPersent > 0);
  const [percent, setPercent] = useState(product.offPersent ? String(product.offPersent) : '');
  const { busy, save } = useSave();
  const value = hasOff ? Number(percent || 0) : 0;
  return (
    <form onSubmit={async (e) => {
      e.preventDefault();
      if ((await save('PUT /Product/ProductOff', { query: { id: product.id, offPersent: value } }, { success: 'تخفیف ذخیره شد' })).success) onDone();
    }}>
      <Stack>
        <Text fw={500}>{product.title}</Text>
        <Checkbox label="تخفیف دارد" checked={hasOff} onChange={(e) => setHasOff(e.currentTarget.checked)} />
        {hasOff && <FaNumberInput label="درصد تخفیف" grouped={false} maxLength={3} data-autofocus value={percent} onChange={setPercent} />}
        <Text size="sm" c="dimmed">قیمت پس از تخفیف: {formatToman(discountedPrice(product.price, Math.min(100, value)))}</Text>
        <Group justify="flex-end"><Button type="submit" loading={busy}>ذخیره</Button></Group>
      </Stack>
    </form>
  );
}

function RateForm({ product, onDone }: { product: ProductListItem; onDone: () => void }) {
  const [rate, setRate] = useState(product.rate);
  const { busy, save } = useSave();
  return (
    <form onSubmit={async (e) => {
      e.preventDefault();
      if ((await save('PUT /Product/ProductRate', { query: { id: product.id, rate } }, { success: 'امتیاز ذخیره شد' })).success) onDone();
    }}>
      <Stack>
        <Text fw={500}>{product.title}</Text>
        <Group><Rating value={rate} onChange={setRate} fractions={2} size="lg" aria-label="امتیاز" /><Text>{fa(rate)} از ۵</Text></Group>
        <Group justify="flex-end"><Button type="submit" loading={busy}>ذخیره</Button></Group>
      </Stack>
    </form>
  );
}
