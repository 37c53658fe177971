import { paged } from '../schemas/common.js';
import { JobAdminQuerySchema, JobRetrySchema, JobSchema, SmsSettingsSchema, SmsSettingsUpdateSchema } from '../schemas/messages.js';
import { endpointMap } from './define.js';

const messages = { tags: ['messages'] } as const;

export const messagesEndpoints = endpointMap({
  'GET /Settings/Sms': { ...messages, access: 'admin:settings', summary: 'The SMS templates and the owner mobile', response: SmsSettingsSchema },
  'PUT /Settings/Sms': {
    ...messages, access: 'admin:settings', summary: 'Edit SMS templates (placeholders {name} {order} {total} {tracking}) and the owner mobile',
    body: SmsSettingsUpdateSchema, response: SmsSettingsSchema,
  },
  'GET /Job/Admin': {
    ...messages, access: 'admin:messages', summary: 'Queued, failed and sent jobs (SMS), newest first, with attempts and the last error',
    query: JobAdminQuerySchema, response: paged(JobSchema),
  },
  'POST /Job/Retry': { ...messages, access: 'admin:messages', summary: 'Queue a failed job again with fresh attempts', body: JobRetrySchema, response: JobSchema },
});
