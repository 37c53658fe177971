import { z } from 'zod';
import { ProductListItemSchema } from './catalog.js';

/** What the header's search box suggests while typing (after two letters). */
export const SuggestQuerySchema = z.object({
  q: z.string({ error: 'عبارت جستجو الزامی است' }).max(100, 'عبارت جستجو باید حداکثر ۱۰۰ کاراکتر باشد'),
});

export const SuggestSchema = z.object({
  products: z.array(ProductListItemSchema),
  categories: z.array(z.object({ id: z.number(), title: z.string(), parentTitle: z.string().nullable() })),
  brands: z.array(z.object({ id: z.number(), title: z.string(), alias: z.string() })),
});
export type Suggestions = z.infer<typeof SuggestSchema>;

/** A search with no result: the closest searches the catalogue's words make (each finds `count` products). */
export const DidYouMeanQuerySchema = z.object({
  q: z.string({ error: 'عبارت جستجو الزامی است' }).max(200, 'عبارت جستجو باید حداکثر ۲۰۰ کاراکتر باشد'),
});
export const DidYouMeanSchema = z.object({
  suggestions: z.array(z.object({ search: z.string(), count: z.number() })),
});
export type DidYouMean = z.infer<typeof DidYouMeanSchema>;
