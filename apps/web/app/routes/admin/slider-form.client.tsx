import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Group, Paper, Progress, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { isSafeLink, SAFE_LINK_MESSAGE, SLIDER_FETCH_SIZE, type Slide } from '@sorkhab/shared';
import { formData, toastError, toastSuccess, uploadWithProgress, useApi } from '../../features/admin/api';
import { categoryOptions } from '../../features/admin/catalog';
import { fa, FaNumberInput, ImagePick, PageTitle, thumbOf } from '../../features/admin/ui';

/** /admin/add-slider/{id}: edits slide {id} when it exists, otherwise adds one (the original linked "add" to /1). */
export default function SliderFormPage() {
  const { id } = useParams();
  const { data } = useApi('GET /Slider/Get', { query: { pageNumber: 1, pageSize: SLIDER_FETCH_SIZE } });
  const { data: banners } = useApi('GET /Slider/Get', { query: { pageNumber: 1, pageSize: SLIDER_FETCH_SIZE, kind: 'banner' } });
  if (!data || !banners) return <Text c="dimmed">در حال بارگذاری…</Text>;
  const slide = [...data.data, ...banners.data].find((s) => String(s.id) === id) ?? null;
  return <SlideForm key={slide?.id ?? 'new'} slide={slide} />;
}

function SlideForm({ slide }: { slide: Slide | null }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: tree } = useApi('GET /Category/GetCategories', {});
  const categories = useMemo(() => categoryOptions(tree), [tree]);
  const [f, setF] = useState({
    title: slide?.title ?? '', link: slide?.link ?? '', categoryId: slide?.categoryId ? String(slide.categoryId) : '',
    sortOrder: String(slide?.sortOrder ?? 0), isActive: slide?.isActive ?? true,
    kind: slide?.kind ?? (params.get('kind') === 'banner' ? 'banner' : 'slide') as 'slide' | 'banner',
  });
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);

  return (
    <>
      <PageTitle actions={<Button size="xs" variant="default" component={Link} to="/admin/slider">بازگشت به فهرست</Button>}>
        {slide ? 'ویرایش' : 'افزودن'} {f.kind === 'banner' ? 'بنر' : 'اسلاید'}
      </PageTitle>
      <Paper withBorder p="md" maw={760}>
        <form onSubmit={async (e) => {
          e.preventDefault();
          if (!slide && !image) return toastError('تصویر را انتخاب کنید');
          // The API refuses the same links (javascript:, data:, //host…); say so before the upload.
          if (f.link.trim() && !isSafeLink(f.link.trim())) return setErrors({ link: SAFE_LINK_MESSAGE });
          setProgress(0);
          const body = formData({ id: slide?.id, title: f.title, link: f.link, categoryId: f.categoryId || undefined, sortOrder: f.sortOrder || 0, isActive: f.isActive, kind: f.kind }, { ImageFile: image });
          const res = slide ? await uploadWithProgress('PUT /Slider', { body }, setProgress) : await uploadWithProgress('POST /Slider', { body }, setProgress);
          setProgress(null);
          if (res.success) {
            toastSuccess('ذخیره شد');
            navigate('/admin/slider');
          } else setErrors(res.error.fields ?? {});
        }}>
          <Stack>
            <SegmentedControl w={220} value={f.kind} onChange={(v) => setF({ ...f, kind: v as 'slide' | 'banner' })} data={[{ value: 'slide', label: 'اسلاید' }, { value: 'banner', label: 'بنر' }]} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="عنوان" value={f.title} onChange={(e) => setF({ ...f, title: e.currentTarget.value })} error={errors.title} />
              <TextInput label="پیوند" description={<>صفحه‌ای از فروشگاه (با / شروع شود) یا نشانی کامل <bdi dir="ltr">https://…</bdi></>} dir="ltr" placeholder="/product-list?category=…" value={f.link} onChange={(e) => setF({ ...f, link: e.currentTarget.value })} error={errors.link} />
              <Select label="دسته‌بندی" clearable searchable {...categories} value={f.categoryId || null} onChange={(v) => setF({ ...f, categoryId: v ?? '' })} nothingFoundMessage="دسته‌ای پیدا نشد" />
              <FaNumberInput label="ترتیب نمایش" grouped={false} value={f.sortOrder} onChange={(v) => setF({ ...f, sortOrder: v })} error={errors.sortOrder} />
            </SimpleGrid>
            <Switch label="فعال" checked={f.isActive} onChange={(e) => setF({ ...f, isActive: e.currentTarget.checked })} />
            {progress === null
              ? <ImagePick label="تصویر" file={image} currentUri={slide ? thumbOf(slide, 600) : null} onChange={setImage} />
              : <Stack gap={4} role="status"><Text size="sm">در حال بارگذاری… {fa(progress)}٪</Text><Progress value={progress} animated /></Stack>}
            <Group justify="flex-end">
              <Button type="submit" loading={progress !== null}>ذخیره</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
