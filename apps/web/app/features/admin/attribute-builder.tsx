import { useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { ActionIcon, Badge, Button, ColorInput, ColorSwatch, Group, Paper, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import type { Attribute, ProductAttributeEntry } from '@sorkhab/shared';
import {
  addToList, ATTR_TYPE_LABELS, changeType, draftToEntry, emptyDraft, entrySummary, entryToDraft, removeFromList, typeOfEntry,
  type AttrDraft, type AttrType,
} from './attributes';
import { DataTable, fa } from './ui';

const TYPES: AttrType[] = ['string', 'array', 'object', 'color'];

/**
 * The product attribute builder of spec section 4: pick a title (or one of the category's
 * attributes), a type, fill its list, then add the entry to the product. The stock of a colour is
 * not typed here: each combination's is in the wizard's variants table (variant-table.tsx).
 */
export function AttributeBuilder({ value, onChange, suggestions }: {
  value: ProductAttributeEntry[];
  onChange: (list: ProductAttributeEntry[]) => void;
  suggestions: Attribute[];
}) {
  const [draft, setDraft] = useState<AttrDraft>(emptyDraft());
  const narrow = useMediaQuery('(max-width: 36em)');
  const [editIndex, setEditIndex] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<AttrDraft>) => { setDraft({ ...draft, ...patch }); setError(null); };

  const add = () => {
    const r = addToList(draft);
    setDraft(r.draft);
    setError(r.error ?? null);
  };
  const commit = () => {
    const r = draftToEntry(draft);
    if (!r.entry) return setError(r.error ?? null);
    const dup = value.findIndex((e, i) => e.title === r.entry!.title && i !== editIndex);
    if (dup >= 0) return setError('ویژگی‌ای با این عنوان قبلاً افزوده شده است');
    onChange(editIndex === null ? [...value, r.entry] : value.map((e, i) => (i === editIndex ? r.entry! : e)));
    setDraft(emptyDraft());
    setEditIndex(null);
    setError(null);
  };

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" bg="gray.0">
        <Stack gap="sm">
          {suggestions.length > 0 && (
            <Group gap={6}>
              <Text size="sm" c="dimmed">ویژگی‌های این دسته:</Text>
              {suggestions.map((s) => (
                <Badge key={s.id} variant="light" style={{ cursor: 'pointer' }} component="button" type="button"
                  onClick={() => { setDraft(changeType({ ...draft, title: s.title }, s.type)); setError(null); }}>{s.title}</Badge>
              ))}
            </Group>
          )}
          <TextInput label="عنوان ویژگی" maw={420} value={draft.title} onChange={(e) => set({ title: e.currentTarget.value })} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>نوع</Text>
            {/* The four types side by side need about 420 px; on a phone they stack, each one full width. */}
            <SegmentedControl size="xs" fullWidth orientation={narrow ? 'vertical' : 'horizontal'} maw={narrow ? undefined : 560}
              value={draft.type} onChange={(t) => { setDraft(changeType(draft, t as AttrType)); setError(null); }}
              data={TYPES.map((t) => ({ value: t, label: ATTR_TYPE_LABELS[t] }))} aria-label="نوع ویژگی" />
          </Stack>

          {draft.type === 'string' && (
            <TextInput label="مقدار" value={draft.value} onChange={(e) => set({ value: e.currentTarget.value })} />
          )}
          {draft.type === 'array' && (
            <Group align="flex-end" wrap="nowrap">
              <TextInput label="مقدار" style={{ flex: 1 }} value={draft.value} onChange={(e) => set({ value: e.currentTarget.value })}
                onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); add(); } }} />
              <Button variant="light" onClick={add}>افزودن به فهرست</Button>
            </Group>
          )}
          {draft.type === 'object' && (
            <Group align="flex-end" wrap="wrap">
              <TextInput label="شناسه" w={120} dir="ltr" value={draft.value} onChange={(e) => set({ value: e.currentTarget.value })} />
              <TextInput label="عنوان" style={{ flex: 1 }} miw={160} value={draft.value2} onChange={(e) => set({ value2: e.currentTarget.value })} />
              <Button variant="light" onClick={add}>افزودن به فهرست</Button>
            </Group>
          )}
          {draft.type === 'color' && (
            <Group align="flex-end" wrap="wrap">
              <TextInput label="نام رنگ" style={{ flex: 1 }} miw={140} value={draft.colorName} onChange={(e) => set({ colorName: e.currentTarget.value })} />
              <ColorInput label="رنگ" w={150} format="hex" dir="ltr" value={draft.color} onChange={(c) => set({ color: c })}
                swatches={['#c2255c', '#e03131', '#f08c00', '#2f9e44', '#1971c2', '#7048e8', '#212529', '#f8f9fa', '#d9a38b', '#8d5a3b']}
                aria-label="انتخاب رنگ" eyeDropperButtonProps={{ 'aria-label': 'برداشتن رنگ از صفحه' }} />
              <Button variant="light" onClick={add}>افزودن رنگ</Button>
            </Group>
          )}

          <DraftList draft={draft} onRemove={(i) => setDraft(removeFromList(draft, i))} />
          {error && <Text c="red" size="sm" role="alert">{error}</Text>}
          <Group justify="flex-end">
            {editIndex !== null && <Button variant="default" onClick={() => { setDraft(emptyDraft()); setEditIndex(null); setError(null); }}>انصراف</Button>}
            <Button onClick={commit}>{editIndex === null ? 'افزودن ویژگی به محصول' : 'ذخیره تغییر ویژگی'}</Button>
          </Group>
        </Stack>
      </Paper>

      <DataTable minWidth={520}>
        <Table.Thead>
          <Table.Tr><Table.Th w={50}>ردیف</Table.Th><Table.Th>عنوان</Table.Th><Table.Th>نوع</Table.Th><Table.Th>مقدار</Table.Th><Table.Th w={130}>عملیات</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {value.length === 0 ? (
            <Table.Tr><Table.Td colSpan={5}><Text ta="center" c="dimmed" py="sm">موردی وجود ندارد</Text></Table.Td></Table.Tr>
          ) : value.map((entry, i) => (
            <Table.Tr key={`${entry.title}-${i}`}>
              <Table.Td>{fa(i + 1)}</Table.Td>
              <Table.Td>{entry.title}</Table.Td>
              <Table.Td>{ATTR_TYPE_LABELS[typeOfEntry(entry)]}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {typeOfEntry(entry) === 'color' && entry.colorObj?.map((c) => <ColorSwatch key={c.name} color={c.color} size={14} />)}
                  <Text size="sm">{entrySummary(entry)}</Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="subtle" onClick={() => { setDraft(entryToDraft(entry)); setEditIndex(i); setError(null); }}>ویرایش</Button>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange(value.filter((_, j) => j !== i))}>حذف</Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
    </Stack>
  );
}

function DraftList({ draft, onRemove }: { draft: AttrDraft; onRemove: (i: number) => void }) {
  const items: { key: string; label: React.ReactNode }[] =
    draft.type === 'array' ? draft.arr.map((v) => ({ key: v, label: v }))
      : draft.type === 'object' ? draft.obj.map((o) => ({ key: o.id, label: `${o.title} (${fa(o.id)})` }))
        : draft.type === 'color' ? draft.colorObj.map((c) => ({
          key: c.name,
          label: <Group gap={4} wrap="nowrap"><ColorSwatch color={c.color} size={12} />{c.name}</Group>,
        })) : [];
  if (!items.length) return null;
  return (
    <Group gap={6} aria-label="فهرست مقادیر">
      {items.map((item, i) => (
        <Badge key={item.key} variant="outline" size="lg" tt="none" rightSection={
          <ActionIcon size="xs" variant="transparent" color="gray" aria-label="حذف از فهرست" onClick={() => onRemove(i)}>×</ActionIcon>
        }>{item.label}</Badge>
      ))}
    </Group>
  );
}
