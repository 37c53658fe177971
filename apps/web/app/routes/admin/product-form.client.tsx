import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge, Button, Checkbox, Group, Input, Paper, Select, SimpleGrid, Skeleton, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatNumber, optionGroupsOf, WIZARD_STEPS, type ProductAttributeEntry, type ProductDetail } from '@sorkhab/shared';
import { call, formData, useApi } from '../../features/admin/api';
import { AttributeBuilder } from '../../features/admin/attribute-builder';
import { categoryOptions, validateProductStep, type ProductDraft } from '../../features/admin/catalog';
import { fa, FaNumberInput, ImagePick, imgSrc, PageTitle, thumbOf } from '../../features/admin/ui';
import { VariantTableEditor, type VariantImage } from '../../features/admin/variant-table';
import {
  limitMessage, liveRows, mergeTable, payloadOf, serverVariantErrors, tableOf, totalStock, updateRow, validateTable,
  type VariantErrors, type VariantTable,
} from '../../features/admin/variants';

/**
 * The description's editor (TipTap and ProseMirror), loaded when the form first shows it: the server renders no admin
 * screen (the dashboard is client-rendered) and would otherwise load the editor's modules at every start (≈ 4 MB of
 * its heap), and the form's own chunk is lighter.
 */
const RichText = lazy(() => import('../../features/admin/rich-text').then((m) => ({ default: m.RichText })));

const EMPTY: ProductDraft = { title: '', alias: '', tags: '', description: '', price: '', hasOff: false, offPersent: '', rate: '', categoryId: '', brandId: '', weightGrams: '' };
/** Which wizard step shows each server field, to jump back to a rejected one. */
const STEP_OF: Record<string, number> = { title: 1, alias: 1, tags: 1, description: 1, price: 2, offPersent: 2, hasOff: 2, stock: 2, weightGrams: 2, rate: 2, categoryId: 3, brandId: 3, attribute: 3, variants: 3 };
const stepOf = (field: string) => STEP_OF[field.split('.')[0]!];
const NO_ERRORS: VariantErrors = { cells: {} };

export default function ProductFormPage() {
  const { id } = useParams();
  const { data: product, error } = useApi('GET /Product/AdminById', id ? { query: { id } } : null);
  if (id && error) return <Text c="red">{error}</Text>;
  if (id && !product) return <Text c="dimmed">در حال بارگذاری محصول…</Text>;
  return <ProductWizard key={id ?? 'new'} product={product ?? null} />;
}

/** Demand the owner cannot see elsewhere: shoppers waiting for «موجود شد خبرم کن» (per variant in the tooltip). */
function Waiting({ productId }: { productId: number }) {
  const { data } = useApi('GET /StockAlert/Count', { query: { id: productId } });
  if (!data?.waiting) return null;
  const per = data.variants.filter((v) => v.label).map((v) => `${v.label}: ${fa(v.waiting)}`).join('، ');
  return (
    <Badge variant="light" color="grape" title={per || undefined} data-testid="waiting-count">
      {fa(data.waiting)} نفر منتظر موجود شدن
    </Badge>
  );
}

function draftOf(p: ProductDetail | null): ProductDraft {
  if (!p) return EMPTY;
  return {
    title: p.title, alias: p.alias, tags: p.tags, description: p.description, price: String(p.price), hasOff: p.hasOff || p.offPersent > 0,
    offPersent: p.offPersent ? String(p.offPersent) : '', rate: p.rate ? String(p.rate) : '',
    categoryId: String(p.categoryId), brandId: p.brandId ? String(p.brandId) : '', weightGrams: p.weightGrams ? String(p.weightGrams) : '',
  };
}

function ProductWizard({ product }: { product: ProductDetail | null }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<ProductDetail | null>(product);
  const [d, setD] = useState<ProductDraft>(() => draftOf(product));
  const [attributes, setAttributes] = useState<ProductAttributeEntry[]>(product?.attributes ?? []);
  const groups = useMemo(() => optionGroupsOf(attributes), [attributes]);
  /** The combinations and what the owner typed for each; a product without options has its one row here too. */
  const [table, setTableState] = useState<VariantTable>(() => tableOf(optionGroupsOf(product?.attributes ?? []), product?.variants ?? []));
  const [variantErrors, setVariantErrors] = useState<VariantErrors>(NO_ERRORS);
  const [step, setStep] = useState(1);
  const [reached, setReached] = useState(product ? WIZARD_STEPS : 1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: tree } = useApi('GET /Category/GetCategories', {});
  const { data: brands } = useApi('GET /Brand/GetAll', {});
  const { data: catAttrs } = useApi('GET /Category/GetAttByCId', d.categoryId ? { query: { categoryId: d.categoryId } } : null);
  const categories = useMemo(() => categoryOptions(tree), [tree]);
  const set = <K extends keyof ProductDraft>(k: K, v: ProductDraft[K]) => { setD((x) => ({ ...x, [k]: v })); setErrors((e) => ({ ...e, [k]: '' })); };
  const setTable = (t: VariantTable) => { setTableState(t); setVariantErrors(NO_ERRORS); setErrors((e) => ({ ...e, stock: '' })); };
  const changeAttributes = (list: ProductAttributeEntry[]) => { setAttributes(list); setTable(mergeTable(table, optionGroupsOf(list))); };
  const images: VariantImage[] = saved ? [
    ...(saved.imageUri ? [{ uri: saved.imageUri, label: 'تصویر اصلی', thumb: thumbOf(saved) }] : []),
    ...saved.gallery.map((g, i) => ({ uri: g.imageUri, label: `تصویر گالری ${fa(i + 1)}`, thumb: thumbOf(g) })),
  ] : [];

  const fields = (extra: Record<string, string | number | boolean | undefined> = {}) => ({
    title: d.title, alias: d.alias, tags: d.tags, description: d.description, price: d.price, rate: d.rate || undefined,
    HasOff: d.hasOff, OffPersent: d.hasOff ? d.offPersent || 0 : 0, stock: totalStock(table), CategoryId: d.categoryId,
    brandId: d.brandId || undefined, weightGrams: d.weightGrams || 0, Attribute: JSON.stringify(attributes), ...extra,
  });

  /** The table's own checks; a refusal shows at step 3 (step 2 for the stock of a product without options). */
  function tableIsValid(): boolean {
    const v = validateTable(table, groups);
    if (!v.hasError) return true;
    setVariantErrors(v);
    if (!groups.length) setErrors((e) => ({ ...e, stock: v.cells['']?.stock ?? '' }));
    setStep(groups.length || !v.cells[''] ? 3 : 2);
    notifications.show({ color: 'red', title: 'خطا', message: v.message });
    return false;
  }

  /**
   * Saves the product with its variants: a new one as a draft, a saved one keeping its status unless
   * `isDraft` says otherwise. Not useSave: a refusal jumps to the step of its first rejected field.
   */
  async function save(isDraft: boolean, success: string, file: File | null = null): Promise<ProductDetail | null> {
    const id = saved?.id;
    // A new main image replaces the old one, which a variant may no longer show.
    const sent = file && saved?.imageUri ? { ...table, rows: table.rows.map((r) => (r.imageUri === saved.imageUri ? { ...r, imageUri: null } : r)) } : table;
    const body = formData(fields({ id, isDraft, variants: JSON.stringify(payloadOf(sent)) }), { ImageFile: file });
    const res = id ? await call('PUT /Product/Update', { body }, { success }) : await call('POST /Product/Create', { body }, { success });
    if (res.success) {
      setSaved(res.data);
      setTableState(tableOf(groups, res.data.variants));
      return res.data;
    }
    const f = res.error.fields ?? {};
    setErrors(f);
    setVariantErrors(serverVariantErrors(f, liveRows(sent).map((r) => r.label)));
    const first = Object.keys(f).map(stepOf).filter(Boolean).sort()[0];
    if (first) setStep(first);
    return null;
  }

  async function next() {
    const v = validateProductStep(step, d);
    if (v.hasError) {
      setErrors(v.messages);
      notifications.show({ color: 'red', title: 'خطا', message: Object.values(v.messages)[0] });
      return;
    }
    if (step === 3) {
      if (!tableIsValid()) return;
      setBusy(true);
      const p = await save(saved?.isDraft ?? true, saved ? 'تغییرات محصول ذخیره شد' : 'محصول افزوده شد');
      setBusy(false);
      if (!p) return;
    }
    const to = Math.min(step + 1, WIZARD_STEPS);
    setStep(to);
    setReached((r) => Math.max(r, to));
  }

  /** Step 4: saves once more (with the main image when one was chosen), published unless kept a draft, and returns to the list. */
  async function finish(publish: boolean) {
    if (!saved || !tableIsValid()) return;
    setBusy(true);
    const p = await save(!publish, publish ? (saved.isDraft ? 'محصول منتشر شد' : 'محصول ذخیره شد') : 'پیش‌نویس ذخیره شد', image);
    setBusy(false);
    if (p) navigate('/admin/show-product');
  }

  return (
    <>
      <PageTitle actions={saved && (
        <>
          <Badge variant="light" color={saved.isDraft ? 'gray' : 'teal'} data-testid="product-status">{saved.isDraft ? 'پیش‌نویس' : 'منتشرشده'}</Badge>
          {!saved.isDraft && <Button component={Link} to={`/product/${saved.id}`} target="_blank" variant="subtle" size="xs">مشاهده در فروشگاه</Button>}
          <Waiting productId={saved.id} />
        </>
      )}>
        {product ? `ویرایش «${product.title}»` : 'افزودن محصول'}
      </PageTitle>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stepper active={step - 1} onStepClick={(i) => setStep(i + 1)} size="sm" mb="xl" allowNextStepsSelect={false}>
          {['اطلاعات محصول', 'قیمت و موجودی', 'دسته‌بندی و ویژگی‌ها', 'تصاویر'].map((label, i) => (
            <Stepper.Step key={label} label={label} icon={fa(i + 1)} allowStepSelect={i + 1 <= reached && (i < 3 || !!saved)} />
          ))}
        </Stepper>

        {step === 1 && (
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="عنوان" required value={d.title} onChange={(e) => set('title', e.currentTarget.value)} error={errors.title} />
              <TextInput label="نام مستعار" dir="ltr" required value={d.alias} onChange={(e) => set('alias', e.currentTarget.value)} error={errors.alias} />
            </SimpleGrid>
            <TextInput label="برچسب‌ها" description="با ویرگول جدا کنید" required value={d.tags} onChange={(e) => set('tags', e.currentTarget.value)} error={errors.tags} />
            <Suspense fallback={<Input.Wrapper label="توضیحات" required><Skeleton h={226} radius="sm" /></Input.Wrapper>}>
              <RichText label="توضیحات" required value={d.description} onChange={(html) => set('description', html)} error={errors.description} />
            </Suspense>
            {/<table/i.test(product?.description ?? '') && (
              <Text size="xs" c="orange.8">این توضیحات جدول دارد که ویرایشگر آن را نشان نمی‌دهد؛ تا متن توضیحات را تغییر ندهید، همان HTML اصلی ذخیره می‌شود.</Text>
            )}
          </Stack>
        )}

        {step === 2 && (
          <Stack maw={520}>
            <FaNumberInput label="قیمت (تومان)" required value={d.price} onChange={(v) => set('price', v)} error={errors.price} />
            <Checkbox label="تخفیف دارد" checked={d.hasOff} onChange={(e) => set('hasOff', e.currentTarget.checked)} />
            {d.hasOff && <FaNumberInput label="درصد تخفیف" grouped={false} maxLength={3} value={d.offPersent} onChange={(v) => set('offPersent', v)} error={errors.offPersent} />}
            {groups.length === 0 ? (
              <FaNumberInput label="موجودی انبار" value={table.rows[0]?.stock ?? ''} onChange={(v) => setTable(updateRow(table, '', { stock: v }))} error={errors.stock} />
            ) : (
              <TextInput label="موجودی انبار" readOnly value={formatNumber(totalStock(table))} dir="ltr" styles={{ input: { textAlign: 'right' } }}
                description="جمع موجودی ترکیب‌ها؛ موجودی هر ترکیب در مرحلهٔ «دسته‌بندی و ویژگی‌ها» وارد می‌شود" />
            )}
            <FaNumberInput label="وزن با بسته‌بندی (گرم)" grouped={false} description="برای هزینه ارسال بر اساس وزن" value={d.weightGrams} onChange={(v) => set('weightGrams', v)} error={errors.weightGrams} />
            <FaNumberInput label="امتیاز (۰ تا ۵)" decimal value={d.rate} onChange={(v) => set('rate', v)} error={errors.rate} />
          </Stack>
        )}

        {step === 3 && (
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label="دسته‌بندی" required searchable {...categories} value={d.categoryId || null} nothingFoundMessage="دسته‌ای پیدا نشد"
                onChange={(v) => set('categoryId', v ?? '')} error={errors.categoryId} />
              <Select label="برند" searchable clearable data={(brands ?? []).map((b) => ({ value: String(b.id), label: b.title }))}
                value={d.brandId || null} onChange={(v) => set('brandId', v ?? '')} error={errors.brandId} nothingFoundMessage="برندی پیدا نشد" />
            </SimpleGrid>
            <Text fw={600} mt="sm">ویژگی‌های محصول</Text>
            {errors.attribute && <Text c="red" size="sm">{errors.attribute}</Text>}
            <AttributeBuilder value={attributes} onChange={changeAttributes} suggestions={catAttrs ?? []} />
            {groups.length > 0 && (limitMessage(groups)
              ? <Text c="red" size="sm" role="alert">{limitMessage(groups)}</Text>
              : <VariantTableEditor groups={groups} table={table} onChange={setTable} productPrice={d.price} images={images} errors={variantErrors} />)}
            {groups.length === 0 && variantErrors.message && <Text c="red" size="sm" role="alert">{variantErrors.message}</Text>}
          </Stack>
        )}

        {step === 4 && saved && (
          <Stack>
            <Text c="dimmed" size="sm">
              محصول ذخیره شد. تصویر اصلی را انتخاب کنید و برای تصاویر بیشتر به گالری بروید.
              {saved.isDraft && ' با «پایان» محصول منتشر می‌شود و در فروشگاه دیده می‌شود.'}
            </Text>
            <ImagePick label="تصویر اصلی" file={image} currentUri={imgSrc(saved.imageVariants.find((v) => v.width >= 300)?.uri ?? saved.imageUri)} onChange={setImage} />
            <Group>
              <Button variant="light" component={Link} to={`/admin/gallery-product/${saved.id}`}>گالری تصاویر</Button>
            </Group>
          </Stack>
        )}

        <Group justify="space-between" mt="xl">
          <Button variant="default" disabled={step === 1} onClick={() => setStep((s) => Math.max(1, s - 1))}>مرحله قبل</Button>
          {step < 3 && <Button onClick={() => void next()}>مرحله بعد</Button>}
          {step === 3 && <Button loading={busy} onClick={() => void next()}>ذخیره و ادامه</Button>}
          {step === 4 && (
            <Group gap="xs">
              {saved?.isDraft && <Button variant="default" disabled={busy} onClick={() => void finish(false)}>ذخیره بدون انتشار</Button>}
              <Button loading={busy} onClick={() => void finish(true)}>پایان و بازگشت به فهرست</Button>
            </Group>
          )}
        </Group>
      </Paper>
    </>
  );
}

