/**
 * The product desk of /admin/show-product (decision 023): the table's filters, bulk actions on the
 * selected rows or on every row matching the filter (with the count to confirm), and the CSV export and
 * import (upload → dry-run report → apply). Kept apart from the page so the page stays a table.
 */
import { useState } from 'react';
import { Alert, Button, FileButton, Group, Modal, Radio, Select, Stack, Table, Text } from '@mantine/core';
import { urlOf, type ProductAdminFilter, type ProductBulkAction, type ProductImportReport } from '@sorkhab/shared';
import { call, formData, useApi } from './api';
import { categoryOptions } from './catalog';
import { fa, FaNumberInput } from './ui';
import { useSave } from './use-save';

/** The filters as they live in the URL (every value a string; '' for none). */
export interface DeskFilters { title: string; status: string; category: string; brand: string; stock: string; off: string }
const FILTER_KEYS: (keyof DeskFilters)[] = ['title', 'status', 'category', 'brand', 'stock', 'off'];
/** The filters read from the page's URL. */
export const filtersOf = (params: URLSearchParams) => Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as unknown as DeskFilters;

/** The URL's filters as the API's. */
export function apiFilterOf(f: DeskFilters): ProductAdminFilter {
  return {
    title: f.title || undefined,
    status: f.status === 'draft' || f.status === 'published' ? f.status : undefined,
    categoryId: Number(f.category) || undefined,
    brandIds: Number(f.brand) ? [Number(f.brand)] : undefined,
    stock: f.stock === 'low' || f.stock === 'none' ? f.stock : undefined,
    hasOff: f.off === 'yes' ? true : f.off === 'no' ? false : undefined,
  };
}

const STOCKS = [{ value: 'low', label: 'موجودی کم' }, { value: 'none', label: 'ناموجود' }];
const OFFS = [{ value: 'yes', label: 'تخفیف‌دار' }, { value: 'no', label: 'بدون تخفیف' }];

export function DeskFilterBar({ filters, onChange }: { filters: DeskFilters; onChange: (patch: Partial<DeskFilters>) => void }) {
  const { data: tree } = useApi('GET /Category/GetCategories', {});
  const { data: brands } = useApi('GET /Brand/GetAll', {});
  const select = (key: keyof DeskFilters) => ({ value: filters[key] || null, onChange: (v: string | null) => onChange({ [key]: v ?? '' }), clearable: true, w: 200, maw: '100%' });
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <Select label="دسته‌بندی" placeholder="همه دسته‌ها" searchable nothingFoundMessage="پیدا نشد" {...select('category')}
        {...categoryOptions(tree)} />
      <Select label="برند" placeholder="همه برندها" searchable nothingFoundMessage="پیدا نشد" {...select('brand')}
        data={(brands ?? []).map((b) => ({ value: String(b.id), label: b.title }))} />
      <Select label="موجودی" placeholder="همه" data={STOCKS} {...select('stock')} />
      <Select label="تخفیف" placeholder="همه" data={OFFS} {...select('off')} />
    </Group>
  );
}

type BulkKind = ProductBulkAction['kind'];
const BULK_LABELS: Record<BulkKind, string> = {
  price: 'تغییر قیمت', discount: 'تخفیف', publish: 'انتشار', unpublish: 'بازگرداندن به پیش‌نویس', delete: 'حذف',
};

/** The bar above the table: what a bulk action takes (the selected rows, or every row matching the filter) and the actions. */
export function BulkBar({ selected, totalCount, filter, onDone }: {
  selected: number[]; totalCount: number; filter: ProductAdminFilter; onDone: () => void;
}) {
  const [scope, setScope] = useState<'selected' | 'all'>('selected');
  const [kind, setKind] = useState<BulkKind | null>(null);
  const useAll = scope === 'all' || selected.length === 0;
  const count = useAll ? totalCount : selected.length;
  return (
    <Group gap="sm" wrap="wrap" justify="space-between" data-testid="bulk-bar">
      <Radio.Group value={useAll ? 'all' : 'selected'} onChange={(v) => setScope(v as 'selected' | 'all')} aria-label="محصولات عملیات گروهی">
        <Group gap="md">
          <Radio value="selected" disabled={!selected.length} label={`${fa(selected.length)} انتخاب‌شده`} />
          <Radio value="all" label={`همه ${fa(totalCount)} نتیجه فیلتر`} />
        </Group>
      </Radio.Group>
      <Group gap={6} wrap="wrap">
        {(Object.keys(BULK_LABELS) as BulkKind[]).map((k) => (
          <Button key={k} size="xs" variant={k === 'delete' ? 'light' : 'default'} color={k === 'delete' ? 'red' : undefined} disabled={count === 0} onClick={() => setKind(k)}>
            {BULK_LABELS[k]}
          </Button>
        ))}
      </Group>
      <Modal opened={kind !== null} onClose={() => setKind(null)} title={kind ? `${BULK_LABELS[kind]} گروهی` : ''} centered>
        {kind && <BulkForm kind={kind} count={count} input={useAll ? { filter, expectedCount: totalCount } : { ids: selected }}
          onDone={() => { setKind(null); onDone(); }} />}
      </Modal>
    </Group>
  );
}

function BulkForm({ kind, count, input, onDone }: {
  kind: BulkKind; count: number; input: { ids: number[] } | { filter: ProductAdminFilter; expectedCount: number }; onDone: () => void;
}) {
  const [mode, setMode] = useState<'set' | 'add' | 'percent'>('percent');
  const [sign, setSign] = useState<'+' | '-'>('+');
  const [value, setValue] = useState('');
  const [round, setRound] = useState<'1' | '1000'>('1000');
  const { busy, errors, save } = useSave();
  const n = Number(value || 0) * (mode !== 'set' && sign === '-' ? -1 : 1);
  const action: ProductBulkAction = kind === 'price' ? { kind, mode, value: n, round: round === '1000' ? 1000 : 1 }
    : kind === 'discount' ? { kind, percent: Number(value || 0) } : { kind };
  const what = `${fa(count)} محصول`;
  return (
    <form onSubmit={async (e) => {
      e.preventDefault();
      const res = await save('POST /Product/Bulk', { body: { ...input, action } }, {
        success: kind === 'delete' ? `${what} حذف شد (آن‌ها که در سفارش‌ها یا سبد خرید مشتریان بودند، پنهان نگه داشته شدند)` : `${BULK_LABELS[kind]} روی ${what} انجام شد`,
      });
      if (res.success) onDone();
    }}>
      <Stack>
        {kind === 'price' && (
          <>
            <Radio.Group label="نوع تغییر" value={mode} onChange={(v) => setMode(v as typeof mode)}>
              <Group gap="md" mt={4}>
                <Radio value="percent" label="درصد" /><Radio value="add" label="مبلغ (تومان)" /><Radio value="set" label="قیمت تازه" />
              </Group>
            </Radio.Group>
            {mode !== 'set' && (
              <Radio.Group label="جهت" value={sign} onChange={(v) => setSign(v as '+' | '-')}>
                <Group gap="md" mt={4}><Radio value="+" label="افزایش" /><Radio value="-" label="کاهش" /></Group>
              </Radio.Group>
            )}
            <FaNumberInput label={mode === 'percent' ? 'درصد' : 'مبلغ (تومان)'} required data-autofocus value={value} onChange={setValue} error={errors.value ?? errors['action.value']} />
            <Radio.Group label="گرد کردن قیمت تازه" value={round} onChange={(v) => setRound(v as '1' | '1000')}>
              <Group gap="md" mt={4}><Radio value="1000" label="به هزار تومان" /><Radio value="1" label="به تومان" /></Group>
            </Radio.Group>
          </>
        )}
        {kind === 'discount' && (
          <FaNumberInput label="درصد تخفیف (۰ برای حذف تخفیف)" required grouped={false} maxLength={3} data-autofocus value={value} onChange={setValue} error={errors['action.percent']} />
        )}
        <Alert color={kind === 'delete' ? 'red' : 'blue'} variant="light">
          {kind === 'delete'
            ? `${what} حذف می‌شود؛ محصولاتی که سفارش داشته‌اند برای حفظ سوابق پنهان می‌شوند.`
            : `این تغییر روی ${what} اعمال می‌شود.`}
        </Alert>
        <Group justify="flex-end">
          <Button type="submit" loading={busy} color={kind === 'delete' ? 'red' : undefined}>{`تأیید برای ${what}`}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The export's address: the same filters as the table (the cookie carries the session). */
export const exportHref = (filter: ProductAdminFilter) => `/api/${urlOf('GET /Product/ExportCsv', { query: filter })}`;

/** Upload → the dry run's report → apply (the same file again, checked again) → what was applied. */
export function ImportModal({ opened, onClose, onApplied }: { opened: boolean; onClose: () => void; onApplied: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ProductImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => { setFile(null); setReport(null); onClose(); };
  async function send(f: File, apply: boolean) {
    setBusy(true);
    const res = await call('POST /Product/ImportCsv', { body: formData({ apply }, { file: f }) }, apply ? { success: 'ردیف‌های درست وارد شدند' } : {});
    setBusy(false);
    if (!res.success) return;
    setReport(res.data);
    if (apply) onApplied();
  }
  const changes = report ? report.create + report.update : 0;
  return (
    <Modal opened={opened} onClose={close} title="ورود محصولات از فایل CSV" size="xl" centered>
      <Stack>
        <Text size="sm" c="dimmed">فایل خروجی همین صفحه را در Excel ویرایش کنید و با قالب «CSV UTF-8» ذخیره کنید. پیش از هر تغییر، گزارش بررسی فایل را می‌بینید.</Text>
        <Group>
          <FileButton accept=".csv,text/csv" onChange={(f) => { setFile(f); setReport(null); if (f) void send(f, false); }}>
            {(props) => <Button variant="default" loading={busy && !report} {...props}>انتخاب فایل CSV</Button>}
          </FileButton>
          {file && <Text size="sm" dir="auto">{file.name}</Text>}
        </Group>
        {report && <ImportReportView report={report} />}
        {report && file && !report.applied && (
          <Group justify="flex-end">
            <Button onClick={() => void send(file, true)} loading={busy} disabled={changes === 0}>
              {changes ? `اعمال ${fa(changes)} ردیف` : 'تغییری برای اعمال نیست'}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

function ImportReportView({ report }: { report: ProductImportReport }) {
  const stat = (label: string, n: number, color?: string) => (
    <Stack gap={0} align="center" miw={90}><Text fw={700} size="lg" c={color}>{fa(n)}</Text><Text size="xs" c="dimmed">{label}</Text></Stack>
  );
  return (
    <Stack data-testid="import-report">
      <Alert color={report.applied ? 'teal' : 'blue'} variant="light">
        {!report.applied ? 'بررسی فایل (هنوز چیزی ذخیره نشده است):'
          : report.skipped ? 'فایل وارد شد؛ ردیف‌های دارای خطا و دیگر ردیف‌های همان محصول وارد نشدند.' : 'فایل وارد شد.'}
      </Alert>
      <Group justify="space-around" wrap="wrap">
        {stat('ردیف', report.rows)}{stat('ساختن', report.create, 'teal.9')}{stat('به‌روزرسانی', report.update, 'blue.9')}
        {stat('بدون تغییر', report.unchanged)}{stat('کنار گذاشته', report.skipped, report.skipped ? 'red.9' : undefined)}
      </Group>
      {report.errors.length > 0 && (
        <Table.ScrollContainer minWidth={520} mah={320}>
          <Table striped withTableBorder>
            <Table.Thead><Table.Tr><Table.Th w={70}>ردیف</Table.Th><Table.Th w={140}>ستون</Table.Th><Table.Th>خطا</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {report.errors.slice(0, 500).map((e, i) => (
                <Table.Tr key={i}><Table.Td>{fa(e.row)}</Table.Td><Table.Td>{e.column || '—'}</Table.Td><Table.Td>{e.message}</Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {report.errors.length > 500 && <Text size="sm" c="dimmed">{`و ${fa(report.errors.length - 500)} خطای دیگر`}</Text>}
    </Stack>
  );
}
