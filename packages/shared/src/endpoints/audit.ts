import { paged } from '../schemas/common.js';
import { AuditEntrySchema, AuditFacetsSchema, AuditQuerySchema } from '../schemas/audit.js';
import { endpointMap } from './define.js';

const audit = { access: 'admin:audit', tags: ['audit'] } as const;

export const auditEndpoints = endpointMap({
  'GET /Audit': {
    ...audit, summary: 'Who changed what and when, newest first; filter by user, entity and a Jalali day range (Tehran time)',
    query: AuditQuerySchema, response: paged(AuditEntrySchema),
  },
  'GET /Audit/Facets': { ...audit, summary: 'The users and entities the audit log holds, for its filters', response: AuditFacetsSchema },
});
