import { HealthSchema } from '../schemas/health.js';
import { endpointMap } from './define.js';

export const healthEndpoints = endpointMap({
  'GET /health': { access: 'public', tags: ['health'], response: HealthSchema },
});
