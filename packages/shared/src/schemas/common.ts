import { z } from 'zod';
import { MAX_PAGE_SIZE, MAX_PRODUCT_PAGE_SIZE } from '../constants.js';
import { id, int } from './fields.js';

export const ErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, error: z.null() });

export const ErrorEnvelopeSchema = z.object({ success: z.literal(false), data: z.null(), error: ErrorSchema });

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), page: z.number(), pageSize: z.number(), totalCount: z.number() });

const pageSize = (max: number) => z.preprocess((v) => (v === '' ? undefined : v), int('اندازه صفحه', { min: 1, max }).optional());

export const PagingQuerySchema = z.object({
  pageNumber: z.preprocess((v) => (v === '' ? undefined : v), int('شماره صفحه', { min: 1, max: 1_000_000 }).optional()),
  pageSize: pageSize(MAX_PAGE_SIZE),
});
export type PagingQuery = z.infer<typeof PagingQuerySchema>;

/**
 * Paging of the product lists: up to 1000 a page, since the spec's own calls send
 * `Product/LastProducts?PageNumber=1&PageSize=1000` (cached, index-backed answers). Other lists keep 100.
 */
export const ProductPagingQuerySchema = PagingQuerySchema.extend({ pageSize: pageSize(MAX_PRODUCT_PAGE_SIZE) });

export const IdQuerySchema = z.object({ id: id() });
export const IdParamSchema = z.object({ id: id() });

/** The answer of a write that returns nothing more than, at most, the id it touched. */
export const OkDataSchema = z.object({ id: z.number().optional() }).nullable();
export const OkSchema = envelope(OkDataSchema);
/** A delete that keeps a row others refer to (a user with orders, a used discount code) and deactivates it instead. */
export const DeleteOrDeactivateSchema = z.object({ id: z.number(), deactivated: z.boolean() });
export type DeleteOrDeactivate = z.infer<typeof DeleteOrDeactivateSchema>;
