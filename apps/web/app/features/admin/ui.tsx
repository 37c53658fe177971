import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, FileButton, Group, Modal, Stack, Table, Text, TextInput, Title, type TextInputProps } from '@mantine/core';
import { formatNumber, toLatinDigits, toPersianDigits } from '@sorkhab/shared';
import { pageCount, pagerWindow } from '../../components/ui/pager';

/** Persian digits for any number or text shown in the admin (Mantine does not localise them). */
export const fa = (v: string | number) => toPersianDigits(v);

/**
 * A label and its value on one line of a detail card (an order's, a return's). The value may be a badge or a link (a
 * div, not a paragraph); a long one (a 24-digit tracking code, a gateway's reference) breaks rather than leaving the card.
 */
export const detailRow = (label: ReactNode, value: ReactNode) => (
  <Group justify="space-between" wrap="nowrap" gap="xs">
    {/* A label keeps its width up to half the row; a longer one (a discount's 50-letter code) wraps there. */}
    <Text size="sm" c="dimmed" maw="50%" style={{ flexShrink: 0, overflowWrap: 'anywhere' }}>{label}</Text>
    <Text size="sm" ta="end" component="div" miw={0} style={{ overflowWrap: 'anywhere' }}>{value}</Text>
  </Group>
);

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
      <Title order={1} size="h3">{children}</Title>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}

/** The empty-table row of spec section 8. */
export function EmptyRow({ colSpan, loading }: { colSpan: number; loading?: boolean }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text ta="center" c="dimmed" py="lg">{loading ? 'در حال بارگذاری…' : 'نتیجه‌ای یافت نشد'}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * A table that scrolls sideways inside its box on narrow screens instead of overflowing the page; its scrollbar shows
 * whenever it has more to show (Mantine's default shows it only under the mouse, and the columns past the edge looked
 * like none).
 */
export function DataTable({ children, minWidth = 640 }: { children: ReactNode; minWidth?: number }) {
  return (
    // Focusable, so that a keyboard can scroll a table wider than the screen (WCAG 2.1.1; axe's scrollable-region-focusable).
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ type: 'auto', viewportProps: { tabIndex: 0 } }}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="sm">{children}</Table>
    </Table.ScrollContainer>
  );
}

/**
 * What a shop owner typed in a decimal field (a rating), as Latin text: Persian, Arabic or Latin digits, «٫», «/», «,»
 * or «.» as the decimal point (the first one kept), anything else dropped.
 */
export function typedDecimal(typed: string): string {
  const [whole = '', ...fraction] = toLatinDigits(typed).replace(/[\u066b/,]/g, '.').replace(/[^\d.]/g, '').split('.');
  return fraction.length ? `${whole}.${fraction.join('')}` : whole;
}

/** How many of `text`'s characters before `end` are ones a field keeps (`kept`), whatever it rewrites around them. */
function keptBefore(text: string, end: number, kept: RegExp) {
  let n = 0;
  for (let i = 0; i < end; i++) if (kept.test(text[i]!)) n++;
  return n;
}

/**
 * For a field that rewrites what is typed (Latin digits shown Persian, thousands separators added or moved): the caret
 * stays after the same kept characters instead of jumping to the end, so a digit typed in the middle of a price is
 * followed by the next one there. `kept` matches one character the rewrite keeps (a digit in any script, a point).
 * `ref` goes on the input; `onTyped(input)` is called in its onChange, before the value is set.
 */
export function useKeptCaret(kept: RegExp) {
  const ref = useRef<HTMLInputElement>(null);
  const pending = useRef<number | null>(null);
  // After every render: the value React wrote may be what was typed, rewritten, or (a character refused) the old one.
  useLayoutEffect(() => {
    const input = ref.current;
    const count = pending.current;
    pending.current = null;
    if (!input || count === null || input.ownerDocument.activeElement !== input) return;
    let at = 0;
    for (let n = 0; at < input.value.length && n < count; at++) if (kept.test(input.value[at]!)) n++;
    input.setSelectionRange(at, at);
  });
  const onTyped = (input: HTMLInputElement) => {
    pending.current = keptBefore(input.value, input.selectionStart ?? input.value.length, kept);
  };
  return { ref, onTyped };
}

/** A digit in Persian, Arabic or Latin script. */
const DIGIT = /[0-9۰-۹٠-٩]/;
/** A digit or a decimal point as an owner may type it (typedDecimal's «٫ / , .»). */
const DIGIT_OR_POINT = /[0-9۰-۹٠-٩٫/,.]/;

/**
 * A number input that accepts Persian, Arabic or Latin digits and shows Persian digits: a whole number with thousands
 * separators (without them: `grouped={false}`), or with `decimal` a number with a fraction, its point written «٫».
 * `value` is the number as Latin text ('' when empty).
 */
export function FaNumberInput({ value, onChange, grouped = true, decimal = false, ...rest }: Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  grouped?: boolean;
  decimal?: boolean;
}) {
  const shown = value === '' ? '' : decimal ? toPersianDigits(value).replace('.', '\u066b') : grouped ? formatNumber(Number(value)) : toPersianDigits(value);
  const caret = useKeptCaret(decimal ? DIGIT_OR_POINT : DIGIT);
  return (
    <TextInput
      inputMode={decimal ? 'decimal' : 'numeric'}
      dir="ltr"
      styles={{ input: { textAlign: 'right' } }}
      {...rest}
      ref={caret.ref}
      value={shown}
      onChange={(e) => {
        caret.onTyped(e.currentTarget);
        onChange(decimal ? typedDecimal(e.currentTarget.value) : toLatinDigits(e.currentTarget.value).replace(/\D/g, '').replace(/^0+(?=\d)/, ''));
      }}
    />
  );
}

/** Server-side pager (spec section 9 window), Persian digits. */
export function Pager({ page, totalCount, pageSize, onChange }: { page: number; totalCount: number; pageSize: number; onChange: (page: number) => void }) {
  const count = pageCount(totalCount, pageSize);
  if (count <= 1) return null;
  return (
    <Group gap={4} justify="center" mt="md" component="nav" aria-label="صفحه‌بندی">
      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onChange(page - 1)}>قبلی</Button>
      {pagerWindow(page, count).map((item, i) =>
        typeof item === 'number' ? (
          <Button key={item} size="xs" miw={32} px={8} variant={item === page ? 'filled' : 'default'} aria-current={item === page ? 'page' : undefined} onClick={() => onChange(item)}>
            {fa(item)}
          </Button>
        ) : (
          <Text key={`gap-${i}`} c="dimmed" px={4}>…</Text>
        ),
      )}
      <Button size="xs" variant="default" disabled={page >= count} onClick={() => onChange(page + 1)}>بعدی</Button>
    </Group>
  );
}

/** A modal form's last row: cancel, and save (busy while the form is sent). */
export function FormActions({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>انصراف</Button>
      <Button type="submit" loading={busy}>ذخیره</Button>
    </Group>
  );
}

/** The delete confirmation of the spec's modals (and any other step that cannot be undone). */
export function ConfirmModal({ opened, title = 'تأیید حذف', message, confirmLabel = 'حذف', color = 'red', onConfirm, onClose }: {
  opened: boolean;
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  /** The confirming button's colour: red for what destroys, the brand's for what only cannot be undone. */
  color?: 'red' | 'brand';
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>انصراف</Button>
          <Button color={color} loading={busy} onClick={async () => {
            setBusy(true);
            try { await onConfirm(); } finally { setBusy(false); }
          }}>{confirmLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** An image file picker with a 100×100 preview (spec section 9), accepting images only. */
export function ImagePick({ label, file, currentUri, onChange }: { label: string; file: File | null; currentUri?: string | null; onChange: (f: File | null) => void }) {
  const objectUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => { if (objectUrl) URL.revokeObjectURL(objectUrl); }, [objectUrl]);
  const preview = objectUrl ?? currentUri ?? null;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>{label}</Text>
      <Group gap="sm" align="center">
        {preview ? (
          <img src={preview} alt="پیش‌نمایش" width={100} height={100} style={{ objectFit: 'cover', borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }} />
        ) : (
          <Group w={100} h={100} justify="center" style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 8 }}>
            <Text size="xs" c="dimmed">بدون تصویر</Text>
          </Group>
        )}
        <Stack gap={4}>
          <FileButton accept="image/*" onChange={onChange} inputProps={{ 'aria-label': label }}>
            {(props) => <Button size="xs" variant="light" {...props}>{preview ? 'انتخاب تصویر دیگر' : 'انتخاب تصویر'}</Button>}
          </FileButton>
          {file && <Text size="xs" c="dimmed" maw={220} truncate>{file.name}</Text>}
          {file && <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onChange(null)}>حذف انتخاب</Button>}
        </Stack>
      </Group>
    </Stack>
  );
}

/** An image URI from the API as an <img> src (backslashes of old data become slashes). */
export function imgSrc(uri: string | null | undefined): string | undefined {
  if (!uri) return undefined;
  const u = uri.replace(/\\/g, '/');
  return /^(https?:|\/|data:|blob:)/.test(u) ? u : `/${u}`;
}

/** The smallest WebP variant at least `width` wide, else the original. */
export function thumbOf(item: { imageUri: string | null; imageVariants?: { width: number; uri: string }[] }, width = 100): string | undefined {
  const v = item.imageVariants?.find((x) => x.width >= width);
  return imgSrc(v?.uri ?? item.imageUri);
}
