import { Badge, Button, CloseButton, ColorSwatch, Group, Menu, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatNumber, toLatinDigits, toPersianDigits, type OptionGroup } from '@sorkhab/shared';
import { DataTable, FaNumberInput } from './ui';
import { liveRows, removedRows, totalStock, updateRow, type VariantErrors, type VariantTable } from './variants';

/** A picture of the product a variant may show. */
export interface VariantImage { uri: string; label: string; thumb?: string }

/**
 * The wizard's «ترکیب‌ها»: one row per combination that exists, with its SKU, barcode, price
 * (empty: the product's), stock and image; removed combinations come back from «افزودن ترکیب حذف‌شده».
 * Scrolls sideways inside its box on narrow screens.
 */
export function VariantTableEditor({ groups, table, onChange, productPrice, images, errors }: {
  groups: OptionGroup[];
  table: VariantTable;
  onChange: (t: VariantTable) => void;
  /** The product's price (Latin digits), the placeholder of an empty variant price. */
  productPrice: string;
  images: VariantImage[];
  errors: VariantErrors;
}) {
  const live = liveRows(table);
  const removed = removedRows(table);
  const swatch = (k: number, value: string) => groups[k]?.values.find((v) => v.value === value)?.color;
  const imageData = images.map((i) => ({ value: i.uri, label: i.label }));
  const thumbOfUri = (uri: string | null) => images.find((i) => i.uri === uri)?.thumb;

  return (
    <Stack gap="xs" data-testid="variants">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={600} component="h3" size="md" m={0}>ترکیب‌ها</Text>
          <Badge variant="light" color="gray">{toPersianDigits(live.length)} ترکیب</Badge>
        </Group>
        <Text size="sm">موجودی کل: <Text span fw={700}>{formatNumber(totalStock(table))}</Text></Text>
      </Group>
      <Text size="xs" c="dimmed">
        هر ردیف یک ترکیب موجود از گزینه‌هاست. قیمت خالی یعنی قیمت خود محصول؛ فروشگاه محصول را با قیمت ارزان‌ترین ترکیب نشان می‌دهد و پس از ذخیره، قیمت محصول همان می‌شود. ترکیبی را که وجود ندارد حذف کنید.
      </Text>
      {errors.message && <Text c="red" size="sm" role="alert">{errors.message}</Text>}
      <DataTable minWidth={images.length ? 940 : 780}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ترکیب</Table.Th>
            <Table.Th w={150}>کد کالا (SKU)</Table.Th>
            <Table.Th w={150}>بارکد</Table.Th>
            <Table.Th w={140}>قیمت (تومان)</Table.Th>
            <Table.Th w={110}>موجودی</Table.Th>
            {images.length > 0 && <Table.Th w={170}>تصویر</Table.Th>}
            <Table.Th w={56}>حذف</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {live.length === 0 ? (
            <Table.Tr><Table.Td colSpan={images.length ? 7 : 6}><Text ta="center" c="dimmed" py="sm">همهٔ ترکیب‌ها حذف شده‌اند</Text></Table.Td></Table.Tr>
          ) : live.map((row) => {
            const e = errors.cells[row.label] ?? {};
            const set = (patch: Parameters<typeof updateRow>[2]) => onChange(updateRow(table, row.label, patch));
            return (
              <Table.Tr key={row.label} data-testid="variant-row">
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {row.options.map((value, k) => {
                      const color = swatch(k, value);
                      return color ? <ColorSwatch key={k} color={color} size={16} aria-hidden /> : null;
                    })}
                    <Text size="sm" fw={500}>{row.label}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <TextInput size="xs" dir="ltr" aria-label={`کد کالای ${row.label}`} value={row.sku} error={e.sku} maxLength={64}
                    onChange={(ev) => set({ sku: ev.currentTarget.value })} />
                </Table.Td>
                <Table.Td>
                  <TextInput size="xs" dir="ltr" inputMode="numeric" aria-label={`بارکد ${row.label}`} value={toPersianDigits(row.barcode)} error={e.barcode}
                    maxLength={20} styles={{ input: { textAlign: 'right' } }}
                    onChange={(ev) => set({ barcode: toLatinDigits(ev.currentTarget.value).replace(/\D/g, '') })} />
                </Table.Td>
                <Table.Td>
                  <FaNumberInput size="xs" aria-label={`قیمت ${row.label}`} value={row.price} error={e.price}
                    placeholder={productPrice ? formatNumber(Number(productPrice)) : undefined} onChange={(v) => set({ price: v })} />
                </Table.Td>
                <Table.Td>
                  <FaNumberInput size="xs" aria-label={`موجودی ${row.label}`} value={row.stock} error={e.stock} onChange={(v) => set({ stock: v })} />
                </Table.Td>
                {images.length > 0 && (
                  <Table.Td>
                    <Select size="xs" aria-label={`تصویر ${row.label}`} placeholder="بدون تصویر" clearable data={imageData} error={e.imageUri}
                      value={row.imageUri && imageData.some((i) => i.value === row.imageUri) ? row.imageUri : null}
                      onChange={(v) => set({ imageUri: v })} comboboxProps={{ withinPortal: true }}
                      leftSection={row.imageUri && thumbOfUri(row.imageUri) ? <img src={thumbOfUri(row.imageUri)} alt="" width={18} height={18} style={{ objectFit: 'cover', borderRadius: 3 }} /> : undefined}
                      renderOption={({ option }) => (
                        <Group gap={6} wrap="nowrap">
                          {thumbOfUri(option.value) && <img src={thumbOfUri(option.value)} alt="" width={28} height={28} style={{ objectFit: 'cover', borderRadius: 4 }} />}
                          <Text size="xs">{option.label}</Text>
                        </Group>
                      )} />
                  </Table.Td>
                )}
                <Table.Td>
                  <CloseButton size="sm" aria-label={`حذف ترکیب ${row.label}`} onClick={() => set({ removed: true })} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </DataTable>
      {removed.length > 0 && (
        <Group>
          <Menu position="bottom-start">
            <Menu.Target>
              <Button size="xs" variant="light">افزودن ترکیب حذف‌شده ({toPersianDigits(removed.length)})</Button>
            </Menu.Target>
            <Menu.Dropdown mah={280} style={{ overflowY: 'auto' }}>
              {removed.map((r) => (
                <Menu.Item key={r.label} onClick={() => onChange(updateRow(table, r.label, { removed: false }))}>{r.label}</Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
    </Stack>
  );
}
