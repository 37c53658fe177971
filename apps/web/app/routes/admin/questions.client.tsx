import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { localMobile, type AdminQuestion } from '@sorkhab/shared';
import { useApi } from '../../features/admin/api';
import { ModerationHeader, ModerationPage, useModerationFilter } from '../../features/admin/moderation';
import { fa } from '../../features/admin/ui';
import { useSave } from '../../features/admin/use-save';

/** Shoppers' questions, pending first: answer (which publishes), publish without an answer, or reject. */
export default function QuestionsPage() {
  const filter = useModerationFilter();
  const { data, loading, reload } = useApi('GET /Question/Admin', { query: filter.query });
  return (
    <ModerationPage title="پرسش‌ها" noun="پرسش" filter={filter} totalCount={data?.totalCount} loading={loading}>
      {data?.data.map((q) => <QuestionCard key={q.id} question={q} onChange={() => void reload()} />)}
    </ModerationPage>
  );
}

function QuestionCard({ question: q, onChange }: { question: AdminQuestion; onChange: () => void }) {
  const [answer, setAnswer] = useState(q.answer ?? '');
  const [note, setNote] = useState('');
  const { busy, errors, save } = useSave();
  const run = async (p: Promise<{ success: boolean }>) => { if ((await p).success) onChange(); };
  return (
    <Paper withBorder p="md" data-testid={`question-${q.id}`}>
      <Stack gap="xs">
        <ModerationHeader item={q} />
        <Group gap="xs">
          <Text size="sm">{q.customerName}</Text>
          {q.mobile && <Text size="xs" c="dimmed">{fa(localMobile(q.mobile))}</Text>}
        </Group>
        <Text size="sm" fw={500} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{q.body}</Text>
        {q.adminNote && <Text size="xs" c="dimmed">یادداشت رد: {q.adminNote}</Text>}
        <Textarea label="پاسخ فروشگاه" autosize minRows={2} maxLength={2000} value={answer} onChange={(e) => setAnswer(e.currentTarget.value)} error={errors.answer} />
        {q.status !== 'rejected' && (
          <Textarea label="دلیل رد (برای رد الزامی است)" autosize minRows={1} maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} />
        )}
        <Group gap="xs">
          <Button size="xs" loading={busy} disabled={!answer.trim()}
            onClick={() => void run(save('PUT /Question/Answer', { body: { id: q.id, answer } }, { success: 'پاسخ ثبت و منتشر شد' }))}>ثبت پاسخ و انتشار</Button>
          {q.status !== 'approved' && <Button size="xs" variant="default" loading={busy}
            onClick={() => void run(save('PUT /Question/Approve', { body: { id: q.id } }, { success: 'پرسش منتشر شد' }))}>انتشار بدون پاسخ</Button>}
          {q.status !== 'rejected' && <Button size="xs" color="red" variant="light" loading={busy}
            onClick={() => void run(save('PUT /Question/Reject', { body: { id: q.id, note } }, { success: 'پرسش رد شد' }))}>رد</Button>}
        </Group>
      </Stack>
    </Paper>
  );
}
