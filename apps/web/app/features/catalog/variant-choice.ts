import type { OptionGroup, Variant } from '@sorkhab/shared';

/**
 * What the product page's option pickers offer (pure; the page renders it). A choice holds one value
 * per option group, in group order, or null where the shopper has not chosen yet. Only combinations
 * that exist are variants; a value is available when, with the other groups as chosen, some variant
 * with it is in stock.
 */
export type Choice = readonly (string | null)[];
type Sellable = Pick<Variant, 'options' | 'stock'>;

/**
 * The groups as the shop sells them: a value no variant has (its combinations deleted by the owner) is not offered —
 * it would show as sold out, though it will never come back. Every group stays, in its place (a variant's options are
 * by the groups' order).
 */
export function offeredGroups(groups: readonly OptionGroup[], variants: readonly Pick<Variant, 'options'>[]): OptionGroup[] {
  return groups.map((g, i) => ({ ...g, values: g.values.filter(({ value }) => variants.some((v) => v.options[i] === value)) }));
}

/**
 * A group with a single value starts chosen; the others wait for the shopper, unless the address named a
 * variant (`?variant=`, as price-comparison sites link to one): then its values start chosen.
 */
export function initialChoice(groups: readonly OptionGroup[], named?: Pick<Variant, 'options'> | null): (string | null)[] {
  if (named && named.options.length === groups.length) return [...named.options];
  return groups.map((g) => (g.values.length === 1 ? g.values[0]!.value : null));
}

/** The choice with `value` chosen in group `group`. */
export function choose(choice: Choice, group: number, value: string): (string | null)[] {
  return choice.map((c, i) => (i === group ? value : c));
}

/** The variant agrees with every group chosen (group `skip` aside). */
const fits = (v: Sellable, choice: Choice, skip = -1) => choice.every((c, i) => i === skip || c === null || v.options[i] === c);

/** The variants the choice still allows. */
export function matchingVariants<V extends Sellable>(variants: readonly V[], choice: Choice): V[] {
  return variants.filter((v) => fits(v, choice));
}

/**
 * For each group, for each of its values: can it be bought together with what is chosen in the other
 * groups (a variant with it exists and is in stock)? The values that cannot are shown crossed out.
 */
export function availability(groups: readonly OptionGroup[], variants: readonly Sellable[], choice: Choice): boolean[][] {
  return groups.map((g, i) => g.values.map(({ value }) => variants.some((v) => v.stock > 0 && v.options[i] === value && fits(v, choice, i))));
}

/** The variant of a full choice, or null while a group is unchosen or when that combination does not exist. */
export function variantOf<V extends Sellable>(variants: readonly V[], choice: Choice): V | null {
  if (choice.some((c) => c === null)) return null;
  return variants.find((v) => v.options.length === choice.length && v.options.every((o, i) => o === choice[i])) ?? null;
}

/** The titles of the groups still to choose, in group order. */
export function missingGroups(groups: readonly OptionGroup[], choice: Choice): string[] {
  return groups.filter((_, i) => choice[i] == null).map((g) => g.title);
}

/** «رنگ»، «رنگ و حجم»، «رنگ، حجم و اندازه». */
export function listInPersian(titles: readonly string[]): string {
  if (titles.length <= 1) return titles[0] ?? '';
  return `${titles.slice(0, -1).join('، ')} و ${titles.at(-1)}`;
}

/**
 * The price to show for a choice: the chosen variant's; before that, the cheapest of the variants the
 * choice still allows (those in stock first), `from` when the others cost more. Null when the choice
 * allows no variant (a combination that does not exist).
 */
export function priceOfChoice(variants: readonly (Sellable & Pick<Variant, 'price' | 'offPrice'>)[], choice: Choice):
  { price: number; offPrice: number; from: boolean } | null {
  const matching = matchingVariants(variants, choice);
  const inStock = matching.filter((v) => v.stock > 0);
  const candidates = inStock.length ? inStock : matching;
  if (!candidates.length) return null;
  const cheapest = candidates.reduce((a, b) => (b.offPrice < a.offPrice ? b : a));
  const from = candidates.some((v) => v.offPrice !== cheapest.offPrice || v.price !== cheapest.price);
  return { price: cheapest.price, offPrice: cheapest.offPrice, from };
}

/**
 * The image the choice points at: the one image of the variants it still allows (those without an
 * image aside), or null when they have none or differ (e.g. no colour chosen yet).
 */
export function imageOfChoice(variants: readonly (Sellable & Pick<Variant, 'imageUri'>)[], choice: Choice): string | null {
  const uris = new Set(matchingVariants(variants, choice).map((v) => v.imageUri).filter((u): u is string => !!u));
  return uris.size === 1 ? [...uris][0]! : null;
}
