import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge, Button, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { SLIDER_FETCH_SIZE, type Slide } from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { useConfirmDelete } from '../../features/admin/confirm-delete';
import { AdminTable, rowNumber } from '../../features/admin/table';
import { fa, PageTitle, thumbOf } from '../../features/admin/ui';

export default function SlidersPage() {
  const [kind, setKind] = useState<'slide' | 'banner'>('slide');
  const { data, loading, reload } = useApi('GET /Slider/Get', { query: { pageNumber: 1, pageSize: SLIDER_FETCH_SIZE, kind } });
  const del = useConfirmDelete({ endpoint: 'DELETE /Slider', input: (s: Slide) => ({ query: { id: s.id } }), message: () => 'این مورد حذف شود؟', success: 'حذف شد', onDeleted: () => void reload() });
  const navigate = useNavigate();
  const rows = data?.data ?? [];
  return (
    <>
      <PageTitle actions={<Button size="xs" component={Link} to={`/admin/add-slider/new?kind=${kind}`}>{kind === 'slide' ? 'افزودن اسلاید' : 'افزودن بنر'}</Button>}>
        اسلایدر و بنر
      </PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <SegmentedControl w={260} value={kind} onChange={(v) => setKind(v as 'slide' | 'banner')} data={[{ value: 'slide', label: 'اسلایدها' }, { value: 'banner', label: 'بنرها' }]} />
          <AdminTable minWidth={700} rows={rows} loading={loading && !data} columns={[
            rowNumber(),
            { head: 'تصویر', w: 130, cell: (s) => (s.imageUri ? <img src={thumbOf(s, 300)} alt="" width={110} height={50} style={{ objectFit: 'cover', borderRadius: 6 }} /> : '—') },
            { head: 'عنوان', cell: (s) => s.title || <Text c="dimmed" size="sm">بدون عنوان</Text> },
            // A long encoded link must not squeeze the title: it is cut at the column's width (the full one on hover).
            { head: 'پیوند', td: { style: { maxWidth: 260 } }, cell: (s) => <Text size="sm" dir="ltr" ta="right" truncate="end" title={s.link}>{s.link}</Text> },
            { head: 'ترتیب', w: 70, cell: (s) => fa(s.sortOrder) },
            { head: 'وضعیت', w: 80, cell: (s) => (s.isActive ? <Badge color="teal" variant="light">فعال</Badge> : <Badge color="gray" variant="light">غیرفعال</Badge>) },
          ]} menu={(s) => ({ label: 'عملیات', items: [
            { label: 'ویرایش', onClick: () => navigate(`/admin/add-slider/${s.id}`) },
            { label: 'حذف', color: 'red', onClick: () => del.ask(s) },
          ] })} />
        </Stack>
      </Paper>
      {del.modal}
    </>
  );
}
