import { DashboardSchema } from '../schemas/dashboard.js';
import { endpointMap } from './define.js';

export const dashboardEndpoints = endpointMap({
  'GET /Dashboard': {
    access: 'admin', tags: ['dashboard'], response: DashboardSchema,
    summary: 'Counts of products and orders, sales today and this Jalali month (toman), low stock',
  },
});
