import { z } from 'zod';
import {
  ProductAdminFilterSchema, ProductBulkResultSchema, ProductBulkSchema, ProductImportFormSchema, ProductImportReportSchema,
} from '../schemas/product-desk.js';
import { endpointMap } from './define.js';

const products = { tags: ['products'] } as const;

/** The admin's product desk (docs/decisions/023-product-desk.md). */
export const productDeskEndpoints = endpointMap({
  'POST /Product/Bulk': {
    ...products, access: 'admin:catalog', summary: 'One action on selected products or on every product matching a filter (one transaction, audited)',
    body: ProductBulkSchema, response: ProductBulkResultSchema,
  },
  'GET /Product/ExportCsv': {
    ...products, access: 'admin:catalog', summary: 'Products and variants matching the filter as CSV (UTF-8 with BOM, one row per variant)',
    query: ProductAdminFilterSchema, response: z.string(),
  },
  'POST /Product/ImportCsv': {
    ...products, access: 'admin:catalog', summary: 'Import a CSV (multipart: file): a dry-run report, or with apply=true the good rows written in batches',
    form: ProductImportFormSchema, response: ProductImportReportSchema,
  },
});
