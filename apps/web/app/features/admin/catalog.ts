import type { Category } from '@sorkhab/shared';
import { validateFields, type FieldDescriptor } from '@sorkhab/shared';

interface FlatCategory { id: number; path: string; label: string }

/**
 * The tree as a flat list in display order, each with its path ("آرایش › چشم › ریمل") and its label, the category
 * first ("ریمل (آرایش › چشم)"): a select's box shows the start of its text, so the category chosen stays in sight
 * however deep or long its parents.
 */
function flattenCategories(tree: Category[], parents: string[] = []): FlatCategory[] {
  return tree.flatMap((c) => {
    const up = parents.join(' › ');
    const path = [...parents, c.title];
    return [{ id: c.id, path: path.join(' › '), label: up ? `${c.title} (${up})` : c.title }, ...flattenCategories(c.children, path)];
  });
}

/**
 * A category select's options: the box shows an option's label, its list the path from the top (the tree's order),
 * the chosen one marked «✓» as Mantine's own options are (a renderOption replaces its check icon).
 */
export function categoryOptions(tree: Category[] | null | undefined) {
  const flat = flattenCategories(tree ?? []);
  const paths = new Map(flat.map((c) => [String(c.id), c.path]));
  return {
    data: flat.map((c) => ({ value: String(c.id), label: c.label })),
    renderOption: ({ option, checked }: { option: { value: string; label: string }; checked?: boolean }) =>
      `${checked ? '✓ ' : ''}${paths.get(option.value) ?? option.label}`,
  };
}

/** Rich text with no visible text ("<p></p>") counts as empty. */
function htmlIsEmpty(html: string): boolean {
  return html.replace(/<img\b[^>]*>/gi, 'x').replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
}

export interface ProductDraft {
  title: string;
  alias: string;
  tags: string;
  description: string;
  price: string;
  hasOff: boolean;
  offPersent: string;
  rate: string;
  categoryId: string;
  brandId: string;
  weightGrams: string;
}

/** The wizard's step checks with the shared validator (spec section 5): step 1 info, 2 price, 3 category. */
function productStepFields(step: number, d: ProductDraft): FieldDescriptor[] {
  switch (step) {
    case 1:
      return [
        { name: 'title', title: 'عنوان', filed: d.title, validation: { required: true, len: 200 } },
        { name: 'tags', title: 'برچسب', filed: d.tags, validation: { required: true, len: 500 } },
        { name: 'alias', title: 'نام مستعار', filed: d.alias, validation: { required: true, len: 200 } },
        { name: 'description', title: 'توضیحات', filed: htmlIsEmpty(d.description) ? '' : d.description, validation: { required: true } },
      ];
    case 2:
      return [
        { name: 'price', title: 'قیمت', filed: d.price, validation: { required: true } },
        ...(d.hasOff ? [{ name: 'offPersent', title: 'درصد تخفیف', filed: d.offPersent, validation: { required: true } }] : []),
      ];
    case 3:
      return [{ name: 'categoryId', title: 'دسته‌بندی', filed: d.categoryId, validation: { required: true } }];
    default:
      return [];
  }
}

export function validateProductStep(step: number, d: ProductDraft) {
  return validateFields(productStepFields(step, d));
}
