import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, CloseButton, FileButton, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IMAGE_PREVIEW_SIZE, type GalleryImage } from '@sorkhab/shared';
import { toastSuccess, uploadWithProgress, useApi } from '../../features/admin/api';
import { useConfirmDelete } from '../../features/admin/confirm-delete';
import { fa, PageTitle, thumbOf } from '../../features/admin/ui';

export default function GalleryPage() {
  const { id } = useParams();
  const { data: product } = useApi('GET /Product/AdminById', id ? { query: { id } } : null);
  const { data: images, loading, reload } = useApi('GET /Gallery/:productId', id ? { params: { productId: id } } : null);
  const [progress, setProgress] = useState<number | null>(null);
  const del = useConfirmDelete({
    endpoint: 'DELETE /Gallery', input: (img: GalleryImage) => ({ query: { id: img.id } }), message: () => 'این تصویر از گالری حذف شود؟', success: 'تصویر حذف شد', onDeleted: () => void reload(),
  });

  async function upload(files: File[]) {
    if (!files.length) return;
    const body = new FormData();
    body.append('ProductId', String(id));
    for (const f of files) body.append('ImageFiles', f);
    setProgress(0);
    const res = await uploadWithProgress('POST /Gallery', { body }, setProgress);
    setProgress(null);
    if (res.success) {
      toastSuccess(`${fa(res.data.length)} تصویر افزوده شد`);
      void reload();
    }
  }

  return (
    <>
      <PageTitle actions={<>
        <Button size="xs" variant="default" component={Link} to={`/admin/edit-product/${id}`}>ویرایش محصول</Button>
        <Button size="xs" variant="default" component={Link} to="/admin/show-product">فهرست محصولات</Button>
      </>}>گالری {product ? `«${product.title}»` : ''}</PageTitle>
      <Paper withBorder p="md">
        <Stack>
          {progress === null ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>افزودن تصویر (می‌توانید چند تصویر را با هم انتخاب کنید)</Text>
              <FileButton accept="image/*" multiple onChange={(files) => void upload(files)} inputProps={{ 'aria-label': 'انتخاب تصاویر گالری' }}>
                {(props) => <Button variant="light" w="fit-content" {...props}>انتخاب تصاویر</Button>}
              </FileButton>
            </Stack>
          ) : (
            <Stack gap={4} role="status">
              <Text size="sm">در حال بارگذاری… {fa(progress)}٪</Text>
              <Progress value={progress} animated aria-label="پیشرفت بارگذاری" />
            </Stack>
          )}
          {images && images.length === 0 && <Text c="dimmed">موردی وجود ندارد</Text>}
          {loading && !images && <Text c="dimmed">در حال بارگذاری…</Text>}
          <SimpleGrid cols={{ base: 3, xs: 4, sm: 6, lg: 8 }} spacing="sm" data-testid="gallery-grid">
            {(images ?? []).map((img) => (
              <div key={img.id} style={{ position: 'relative', width: IMAGE_PREVIEW_SIZE, height: IMAGE_PREVIEW_SIZE }} data-testid="gallery-item">
                <img src={thumbOf(img)} alt={img.filename} width={IMAGE_PREVIEW_SIZE} height={IMAGE_PREVIEW_SIZE}
                  style={{ objectFit: 'cover', borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }} />
                <CloseButton size="sm" variant="filled" color="red" aria-label={`حذف ${img.filename}`} onClick={() => del.ask(img)}
                  style={{ position: 'absolute', top: 4, insetInlineEnd: 4 }} />
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      </Paper>
      {del.modal}
    </>
  );
}
