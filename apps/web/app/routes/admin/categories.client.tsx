import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Checkbox, Group, Modal, Paper, Stack, Text, TextInput, Tree, useTree, type TreeNodeData } from '@mantine/core';
import type { Category } from '@sorkhab/shared';
import { formData, useApi } from '../../features/admin/api';
import { useConfirmDelete } from '../../features/admin/confirm-delete';
import { RowMenu } from '../../features/admin/table';
import { FaNumberInput, fa, FormActions, ImagePick, imgSrc, PageTitle } from '../../features/admin/ui';
import { useSave } from '../../features/admin/use-save';
import { stopIfBlank } from '../../lib/required';

type Editing = { mode: 'add'; parent: Category | null } | { mode: 'edit'; category: Category };

function toNodes(list: Category[]): TreeNodeData[] {
  return list.map((c) => ({ value: String(c.id), label: c.title, nodeProps: { category: c }, children: toNodes(c.children) }));
}

export default function CategoriesPage() {
  const { data, loading, reload } = useApi('GET /Category/GetCategories', {});
  const nodes = useMemo(() => toNodes(data ?? []), [data]);
  const tree = useTree();
  const [editing, setEditing] = useState<Editing | null>(null);
  const del = useConfirmDelete({
    endpoint: 'DELETE /Category/DeleteCategory', input: (c: Category) => ({ query: { id: c.id } }), message: (c) => `دسته «${c.title}» حذف شود؟`,
    success: 'دسته‌بندی حذف شد', onDeleted: () => void reload(),
  });

  return (
    <>
      <PageTitle actions={<>
        <Button variant="default" size="xs" onClick={() => tree.expandAllNodes()}>باز کردن همه</Button>
        <Button variant="default" size="xs" onClick={() => tree.collapseAllNodes()}>بستن همه</Button>
        <Button size="xs" onClick={() => setEditing({ mode: 'add', parent: null })}>افزودن دسته اصلی</Button>
      </>}>دسته‌بندی‌ها</PageTitle>
      <Paper withBorder p="md">
        {loading && !data ? <Text c="dimmed">در حال بارگذاری…</Text> : nodes.length === 0 ? <Text c="dimmed">موردی وجود ندارد</Text> : (
          <Tree data={nodes} tree={tree} levelOffset={28} expandOnClick={false} aria-label="درخت دسته‌بندی‌ها"
            renderNode={({ node, expanded, hasChildren, elementProps, level }) => {
              const c = node.nodeProps!.category as Category;
              return (
                <Group {...elementProps} gap="xs" wrap="nowrap" py={4} data-testid={`category-${c.id}`}>
                  <ActionIcon variant="subtle" color="gray" size="md" aria-label={expanded ? 'بستن' : 'باز کردن'} disabled={!hasChildren}
                    onClick={(e) => { e.stopPropagation(); tree.toggleExpanded(node.value); }} style={{ visibility: hasChildren ? 'visible' : 'hidden' }}>
                    <span style={{ display: 'inline-block', transform: expanded ? 'rotate(90deg)' : 'none', transition: 'transform 120ms' }}>‹</span>
                  </ActionIcon>
                  {c.imageUri && <img src={imgSrc(c.imageUri)} alt="" width={28} height={28} style={{ objectFit: 'cover', borderRadius: 6 }} />}
                  <Text fw={level === 1 ? 600 : 400} style={{ flex: 1 }} truncate>{c.title}</Text>
                  {hasChildren && <Badge variant="light" color="gray" size="sm">{fa(c.children.length)}</Badge>}
                  <RowMenu label={`عملیات ${c.title}`} items={[
                    level < 3 && { label: 'افزودن زیرمجموعه', onClick: () => setEditing({ mode: 'add', parent: c }) },
                    { label: 'ویرایش', onClick: () => setEditing({ mode: 'edit', category: c }) },
                    { label: 'حذف', color: 'red', onClick: () => del.ask(c) },
                  ]} />
                </Group>
              );
            }} />
        )}
      </Paper>

      <CategoryModal editing={editing} onClose={() => setEditing(null)} onSaved={(parentId) => {
        setEditing(null);
        if (parentId) tree.expand(String(parentId));
        void reload();
      }} />
      {del.modal}
    </>
  );
}

function CategoryModal({ editing, onClose, onSaved }: { editing: Editing | null; onClose: () => void; onSaved: (parentId: number | null) => void }) {
  const category = editing?.mode === 'edit' ? editing.category : null;
  const parent = editing?.mode === 'add' ? editing.parent : null;
  const key = editing ? `${editing.mode}-${category?.id ?? parent?.id ?? 0}` : 'closed';
  return (
    <Modal opened={!!editing} onClose={onClose} centered
      title={category ? `ویرایش «${category.title}»` : parent ? `زیرمجموعه جدید برای «${parent.title}»` : 'دسته اصلی جدید'}>
      {editing && <CategoryForm key={key} category={category} parentId={category ? category.parentId : parent?.id ?? null} onSaved={onSaved} onCancel={onClose} />}
    </Modal>
  );
}

function CategoryForm({ category, parentId, onSaved, onCancel }: { category: Category | null; parentId: number | null; onSaved: (parentId: number | null) => void; onCancel: () => void }) {
  const [title, setTitle] = useState(category?.title ?? '');
  const [alias, setAlias] = useState(category?.alias ?? '');
  const [uri, setUri] = useState(category?.uri ?? '');
  const [select, setSelect] = useState(category?.select ?? false);
  const [sortOrder, setSortOrder] = useState(String(category?.sortOrder ?? ''));
  const [icon, setIcon] = useState<File | null>(null);
  const { busy, errors, setErrors, save } = useSave();
  return (
    <form noValidate onSubmit={async (e) => {
      e.preventDefault();
      if (stopIfBlank(e.currentTarget, { title: [title, 'عنوان'] }, setErrors)) return;
      const body = formData({ id: category?.id, title, alias, uri, select, sortOrder: sortOrder || undefined, parentId: parentId ?? undefined }, { iconFile: icon });
      const saved = category
        ? await save('PUT /Category/Update', { body }, { success: 'دسته‌بندی ذخیره شد' })
        : await save('POST /Category/Create', { body }, { success: 'دسته‌بندی افزوده شد' });
      if (saved.success) onSaved(parentId);
    }}>
      <Stack>
        <TextInput label="عنوان" required data-autofocus value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} />
        <TextInput label="نام مستعار (لاتین)" value={alias} onChange={(e) => setAlias(e.currentTarget.value)} error={errors.alias} />
        <TextInput label="آدرس" value={uri} onChange={(e) => setUri(e.currentTarget.value)} error={errors.uri} />
        <FaNumberInput label="ترتیب نمایش" grouped={false} value={sortOrder} onChange={setSortOrder} error={errors.sortOrder} />
        <Checkbox label="نمایش در نوار دسته‌ها" checked={select} onChange={(e) => setSelect(e.currentTarget.checked)} />
        <ImagePick label="آیکون" file={icon} currentUri={imgSrc(category?.imageUri)} onChange={setIcon} />
        <FormActions onCancel={onCancel} busy={busy} />
      </Stack>
    </form>
  );
}
