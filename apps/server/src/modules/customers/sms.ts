import fs from 'node:fs';
import type { Config } from '../../config.js';

/** Sends one-time login codes. */
export interface SmsProvider {
  name: string;
  sendCode(mobile: string, code: string): Promise<void>;
}

const codeText = (code: string) => `کد ورود شما به سرخاب: ${code}`;

/** Development default: one line per message on stdout (and optionally a file for tests). */
export function consoleSms(opts: { logFile?: string; write?: (line: string) => void } = {}): SmsProvider {
  const write = opts.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  return {
    name: 'console',
    async sendCode(mobile, code) {
      const line = `[sms] to=${mobile} text=${codeText(code)}`;
      write(line);
      if (opts.logFile) fs.appendFileSync(opts.logFile, `${line}\n`);
    },
  };
}

class SmsError extends Error {}

/** Kavenegar's verify-lookup API: the template (defined in the Kavenegar panel) carries the code as %token. */
export function kavenegarSms(opts: { apiKey: string; template: string; fetch?: typeof fetch; baseUrl?: string }): SmsProvider {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl ?? 'https://api.kavenegar.com/v1';
  return {
    name: 'kavenegar',
    async sendCode(mobile, code) {
      const url = `${base}/${encodeURIComponent(opts.apiKey)}/verify/lookup.json`;
      const body = new URLSearchParams({ receptor: mobile, token: code, template: opts.template });
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
    },
  };
}

export function smsFromConfig(config: Config): SmsProvider {
  if (config.SMS_PROVIDER === 'kavenegar') return kavenegarSms({ apiKey: config.KAVENEGAR_API_KEY!, template: config.KAVENEGAR_TEMPLATE });
  return consoleSms({ logFile: config.SMS_LOG_FILE });
}
