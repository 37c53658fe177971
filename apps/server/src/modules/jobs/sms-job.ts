import { z } from 'zod';
import type { SmsProvider } from '../customers/sms.js';
import type { JobHandler } from './queue.js';

export const SMS_JOB = 'sms';
const SmsPayloadSchema = z.object({ to: z.string().min(1), text: z.string().min(1) });
export type SmsPayload = z.infer<typeof SmsPayloadSchema>;

/** Sends one queued SMS; a provider error fails the attempt (the queue retries it). */
export const smsJob = (sms: SmsProvider): JobHandler => async (payload) => {
  const { to, text } = SmsPayloadSchema.parse(payload);
  await sms.send(to, text);
};

/** An SMS job's recipient and text, for the admin's list (null for another kind or a malformed payload). */
export function smsOf(kind: string, payload: unknown): SmsPayload | null {
  if (kind !== SMS_JOB) return null;
  const p = SmsPayloadSchema.safeParse(payload);
  return p.success ? p.data : null;
}
