import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, CloseButton, Group, Image, Paper, Stack, Text, Textarea } from '@mantine/core';
import { localMobile, type AdminReview } from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { useConfirmDelete } from '../../features/admin/confirm-delete';
import { ModerationHeader, ModerationPage, useModerationFilter } from '../../features/admin/moderation';
import { fa } from '../../features/admin/ui';
import { useSave } from '../../features/admin/use-save';

/** Buyers' reviews, pending first: approve, reject with a note, reply, remove a photo or the review. */
export default function ReviewsPage() {
  const filter = useModerationFilter();
  const { data, loading, reload } = useApi('GET /Review/Admin', { query: filter.query });
  const remove = useConfirmDelete({
    endpoint: 'DELETE /Review/Delete', input: (r: AdminReview) => ({ query: { id: r.id } }),
    message: (r) => `دیدگاه «${r.authorName}» دربارهٔ «${r.productTitle}» و عکس‌هایش حذف شود؟`, success: 'دیدگاه حذف شد', onDeleted: () => void reload(),
  });
  return (
    <ModerationPage title="دیدگاه‌ها" noun="دیدگاه" filter={filter} totalCount={data?.totalCount} loading={loading}>
      {data?.data.map((r) => <ReviewCard key={r.id} review={r} onChange={() => void reload()} onDelete={() => remove.ask(r)} />)}
      {remove.modal}
    </ModerationPage>
  );
}

function ReviewCard({ review: r, onChange, onDelete }: { review: AdminReview; onChange: () => void; onDelete: () => void }) {
  const [note, setNote] = useState('');
  const [reply, setReply] = useState(r.reply ?? '');
  const { busy, errors, save } = useSave();
  const run = async (p: Promise<{ success: boolean }>) => { if ((await p).success) onChange(); };
  return (
    <Paper withBorder p="md" data-testid={`review-${r.id}`}>
      <Stack gap="xs">
        <ModerationHeader item={r} />
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={700}><Text span c="yellow.9" aria-hidden="true">{'★'.repeat(r.rating)}{'☆'.repeat(5 - r.rating)}</Text> {fa(r.rating)} از ۵</Text>
          <Text size="sm">{r.customerName} ({r.authorName})</Text>
          {r.mobile && <Text size="xs" c="dimmed">{fa(localMobile(r.mobile))}</Text>}
          {r.orderId && <Anchor component={Link} to={`/admin/orders/${r.orderId}`} size="xs">سفارش {fa(r.orderNumber ?? r.orderId)}</Anchor>}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{r.body}</Text>
        {r.pros.length > 0 && <Text size="sm" c="teal.9">نقاط قوت: {r.pros.join('، ')}</Text>}
        {r.cons.length > 0 && <Text size="sm" c="red.9">نقاط ضعف: {r.cons.join('، ')}</Text>}
        {r.photos.length > 0 && (
          <Group gap="xs">
            {r.photos.map((p, i) => (
              <div key={p.id} style={{ position: 'relative' }}>
                <Image src={`/api/Review/AdminPhoto?id=${p.id}`} alt={`عکس ${fa(i + 1)} دیدگاه`} w={80} h={80} radius="md" fit="cover" />
                <CloseButton size="sm" aria-label={`حذف عکس ${fa(i + 1)}`} style={{ position: 'absolute', top: 2, insetInlineEnd: 2, background: 'white' }}
                  onClick={() => void run(save('DELETE /Review/Photo', { query: { id: p.id } }, { success: 'عکس حذف شد' }))} />
              </div>
            ))}
          </Group>
        )}
        {r.adminNote && <Text size="xs" c="dimmed">یادداشت رد: {r.adminNote}</Text>}
        <Textarea label="پاسخ فروشگاه (زیر دیدگاه نمایش داده می‌شود)" autosize minRows={1} maxLength={2000} value={reply}
          onChange={(e) => setReply(e.currentTarget.value)} error={errors.reply} />
        {r.status !== 'rejected' && (
          <Textarea label="دلیل رد (برای رد الزامی است)" autosize minRows={1} maxLength={500} value={note}
            onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} />
        )}
        <Group gap="xs">
          {r.status !== 'approved' && <Button size="xs" loading={busy} onClick={() => void run(save('PUT /Review/Approve', { body: { id: r.id } }, { success: 'دیدگاه تأیید و منتشر شد' }))}>تأیید و انتشار</Button>}
          {r.status !== 'rejected' && <Button size="xs" color="red" variant="light" loading={busy}
            onClick={() => void run(save('PUT /Review/Reject', { body: { id: r.id, note } }, { success: 'دیدگاه رد شد' }))}>رد</Button>}
          <Button size="xs" variant="default" loading={busy} disabled={!reply.trim() || reply === r.reply}
            onClick={() => void run(save('PUT /Review/Reply', { body: { id: r.id, reply } }, { success: 'پاسخ ثبت شد' }))}>ثبت پاسخ</Button>
          <Button size="xs" color="red" variant="subtle" onClick={onDelete}>حذف دیدگاه</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
