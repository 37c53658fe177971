import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES, productDeskEndpoints, ProductImportFormSchema, toPersianDigits } from '@sorkhab/shared';
import { routesOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { fileOf, withForm } from '../../lib/route-helpers.js';
import { bulkProducts } from './product-bulk.service.js';
import { exportProductsCsv } from './product-export.service.js';
import { importProductsCsv } from './product-import.service.js';

/** The admin's product desk: bulk actions, CSV export and import (decision 023). */
export const productDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache } = app.services;
  const db = app.services.database.db;
  const route = routesOf(app, productDeskEndpoints);

  route('POST /Product/Bulk', async (req) => ok(await bulkProducts({ db, cache, userId: req.auth?.userId }, req.body)));

  route('GET /Product/ExportCsv', async (req, reply) => {
    const csv = await exportProductsCsv(db, cache, req.query);
    const name = `products-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store')
      .send(Buffer.from(csv, 'utf8'));
  });

  route('POST /Product/ImportCsv', async (req) => withForm(req, ProductImportFormSchema, async (input, files) => {
    const file = fileOf(files, 'file');
    if (!file) throw badRequest('فایل CSV را انتخاب کنید', { file: 'فایل CSV را انتخاب کنید' });
    return ok(await importProductsCsv({ db, cache, userId: req.auth?.userId }, file.buffer, input.apply));
  }, 1).catch((err: unknown) => {
    // The upload limit's own message speaks of images.
    if (err instanceof AppError && err.status === 413) throw new AppError(413, err.code, `حجم فایل باید حداکثر ${toPersianDigits(MAX_UPLOAD_BYTES / (1024 * 1024))} مگابایت باشد`);
    throw err;
  }));
};
