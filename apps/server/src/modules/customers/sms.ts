import fs from 'node:fs';
import type { Config } from '../../config.js';

/** Sends one-time login codes, and messages (the order SMS, run by the job queue). */
export interface SmsProvider {
  name: string;
  sendCode(mobile: string, code: string): Promise<void>;
  send(mobile: string, text: string): Promise<void>;
}

const codeText = (code: string) => `کد ورود شما به سرخاب: ${code}`;

/** Development default: one line per message on stdout (and optionally a file for tests). */
export function consoleSms(opts: { logFile?: string; write?: (line: string) => void } = {}): SmsProvider {
  const write = opts.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const send = async (mobile: string, text: string) => {
    const line = `[sms] to=${mobile} text=${text.replace(/\s*\n\s*/g, ' ')}`;
    write(line);
    if (opts.logFile) fs.appendFileSync(opts.logFile, `${line}\n`);
  };
  return { name: 'console', send, sendCode: (mobile, code) => send(mobile, codeText(code)) };
}

class SmsError extends Error {}

/** Kavenegar's verify-lookup API: the template (defined in the Kavenegar panel) carries the code as %token. */
export function kavenegarSms(opts: { apiKey: string; template: string; fetch?: typeof fetch; baseUrl?: string }): SmsProvider {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl ?? 'https://api.kavenegar.com/v1';
  const call = async (method: string, params: Record<string, string>) => {
    const url = `${base}/${encodeURIComponent(opts.apiKey)}/${method}`;
    const body = new URLSearchParams(params);
    let res: Response;
    try {
      res = await doFetch(url, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' }, signal: AbortSignal.timeout(10_000) });
    } catch (err) {
      throw new SmsError(`kavenegar unreachable: ${(err as Error).message}`);
    }
    const json = await res.json().catch(() => undefined) as { return?: { status?: number; message?: string } } | undefined;
    if (!res.ok || json?.return?.status !== 200) {
      throw new SmsError(`kavenegar ${res.status}: ${json?.return?.status ?? '-'} ${json?.return?.message ?? ''}`);
    }
  };
  return {
    name: 'kavenegar',
    sendCode: (mobile, code) => call('verify/lookup.json', { receptor: mobile, token: code, template: opts.template }),
    // A plain message from the account's default line (sms/send).
    send: (mobile, text) => call('sms/send.json', { receptor: mobile, message: text }),
  };
}

export function smsFromConfig(config: Config): SmsProvider {
  if (config.SMS_PROVIDER === 'kavenegar') return kavenegarSms({ apiKey: config.KAVENEGAR_API_KEY!, template: config.KAVENEGAR_TEMPLATE });
  return consoleSms({ logFile: config.SMS_LOG_FILE });
}
