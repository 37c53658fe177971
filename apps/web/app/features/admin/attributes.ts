import { ATTRIBUTE_SELECT, type ProductAttributeEntry } from '@sorkhab/shared';

/** The attribute builder of spec section 4: one draft entry being edited, then added to the list. */
export type AttrType = 'string' | 'array' | 'object' | 'color';
export const ATTR_TYPE_LABELS: Record<AttrType, string> = {
  string: 'متنی (مشخصات)',
  array: 'فهرست انتخابی',
  object: 'فهرست شناسه‌دار',
  color: 'رنگ',
};

interface ColorOption { name: string; color: string; stock?: number }
export interface AttrDraft {
  title: string;
  type: AttrType;
  /** string: the value; array: the item being typed; object: the id being typed. */
  value: string;
  /** object: the title being typed. */
  value2: string;
  arr: string[];
  obj: { id: string; title: string }[];
  colorObj: ColorOption[];
  colorName: string;
  color: string;
  colorStock: string;
}

export const emptyDraft = (type: AttrType = 'string', title = ''): AttrDraft => ({
  title, type, value: '', value2: '', arr: [], obj: [], colorObj: [], colorName: '', color: '#c2255c', colorStock: '',
});

/** Choosing another type resets the draft's lists and inputs (spec section 4); the title stays. */
export function changeType(draft: AttrDraft, type: AttrType): AttrDraft {
  return draft.type === type ? draft : emptyDraft(type, draft.title);
}

/** "Add": pushes the typed value(s) into the type's list and clears the inputs. */
export function addToList(draft: AttrDraft): { draft: AttrDraft; error?: string } {
  switch (draft.type) {
    case 'array': {
      const v = draft.value.trim();
      if (!v) return { draft, error: 'مقدار را وارد کنید' };
      if (draft.arr.includes(v)) return { draft, error: 'این مقدار قبلاً افزوده شده است' };
      return { draft: { ...draft, arr: [...draft.arr, v], value: '' } };
    }
    case 'object': {
      const id = draft.value.trim();
      const title = draft.value2.trim();
      if (!id || !title) return { draft, error: 'شناسه و عنوان را وارد کنید' };
      if (draft.obj.some((o) => o.id === id)) return { draft, error: 'این شناسه قبلاً افزوده شده است' };
      return { draft: { ...draft, obj: [...draft.obj, { id, title }], value: '', value2: '' } };
    }
    case 'color': {
      const name = draft.colorName.trim();
      if (!name) return { draft, error: 'نام رنگ را وارد کنید' };
      if (!/^#[0-9a-fA-F]{3,8}$/.test(draft.color)) return { draft, error: 'رنگ باید کد هگز باشد، مانند #ff0000' };
      if (draft.colorObj.some((c) => c.name === name)) return { draft, error: 'این رنگ قبلاً افزوده شده است' };
      const stockText = draft.colorStock.trim();
      const stock = stockText === '' ? undefined : Number(stockText);
      if (stock !== undefined && (!Number.isInteger(stock) || stock < 0)) return { draft, error: 'موجودی رنگ باید عدد صحیح نامنفی باشد' };
      const option: ColorOption = stock === undefined ? { name, color: draft.color } : { name, color: draft.color, stock };
      return { draft: { ...draft, colorObj: [...draft.colorObj, option], colorName: '', colorStock: '' } };
    }
    default:
      return { draft };
  }
}

/** Removes item `index` from the draft's list of its type. */
export function removeFromList(draft: AttrDraft, index: number): AttrDraft {
  const drop = <T,>(list: T[]) => list.filter((_, i) => i !== index);
  if (draft.type === 'array') return { ...draft, arr: drop(draft.arr) };
  if (draft.type === 'object') return { ...draft, obj: drop(draft.obj) };
  if (draft.type === 'color') return { ...draft, colorObj: drop(draft.colorObj) };
  return draft;
}

/** The finished draft as a product attribute entry (spec section 3), or the reason it is not ready. */
export function draftToEntry(draft: AttrDraft): { entry?: ProductAttributeEntry; error?: string } {
  const title = draft.title.trim();
  if (!title) return { error: 'عنوان ویژگی الزامی است' };
  switch (draft.type) {
    case 'string':
      if (!draft.value.trim()) return { error: 'مقدار ویژگی الزامی است' };
      return { entry: { title, select: 0, value: draft.value.trim() } };
    case 'array':
      if (!draft.arr.length) return { error: 'دست‌کم یک مقدار به فهرست بیفزایید' };
      return { entry: { title, select: ATTRIBUTE_SELECT.array, arr: draft.arr } };
    case 'object':
      if (!draft.obj.length) return { error: 'دست‌کم یک مورد به فهرست بیفزایید' };
      return { entry: { title, select: ATTRIBUTE_SELECT.object, obj: draft.obj } };
    case 'color':
      if (!draft.colorObj.length) return { error: 'دست‌کم یک رنگ بیفزایید' };
      return { entry: { title, select: ATTRIBUTE_SELECT.color, colorObj: draft.colorObj } };
  }
}

export function typeOfEntry(entry: ProductAttributeEntry): AttrType {
  if (entry.select === ATTRIBUTE_SELECT.color || entry.colorObj?.length) return 'color';
  if (entry.select === ATTRIBUTE_SELECT.object || entry.obj?.length) return 'object';
  if (entry.select === ATTRIBUTE_SELECT.array || entry.arr?.length) return 'array';
  return 'string';
}

/** An entry loaded back into the builder (editing a product). */
export function entryToDraft(entry: ProductAttributeEntry): AttrDraft {
  const type = typeOfEntry(entry);
  return {
    ...emptyDraft(type, entry.title),
    value: type === 'string' ? entry.value ?? '' : '',
    arr: entry.arr ?? [],
    obj: (entry.obj ?? []).map((o) => ({ id: String(o.id), title: o.title })),
    colorObj: (entry.colorObj ?? []).map((c) => ({ ...c })),
  };
}

/** A one-line summary of an entry for the attribute table. */
export function entrySummary(entry: ProductAttributeEntry): string {
  switch (typeOfEntry(entry)) {
    case 'array': return (entry.arr ?? []).join('، ');
    case 'object': return (entry.obj ?? []).map((o) => o.title).join('، ');
    case 'color': return (entry.colorObj ?? []).map((c) => c.name).join('، ');
    default: return entry.value ?? '';
  }
}
