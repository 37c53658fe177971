import { OkDataSchema } from '../schemas/common.js';
import { DashboardSchema, LowStockThresholdSchema } from '../schemas/dashboard.js';
import { endpointMap } from './define.js';

export const dashboardEndpoints = endpointMap({
  'GET /Dashboard': {
    access: 'admin:orders', tags: ['dashboard'], response: DashboardSchema,
    summary: 'Counts, sales today, this Jalali month and per day for 30 days (toman), best sellers, orders per status, low stock',
  },
  'PUT /Dashboard/LowStockThreshold': {
    access: 'admin:catalog', tags: ['dashboard'], body: LowStockThresholdSchema, response: OkDataSchema,
    summary: 'The stock at or below which a variant is listed as low and the owner gets one SMS when a sale or an edit reaches it',
  },
});
