import fs from 'node:fs';
import { expect } from '@playwright/test';
import { E2E_SMS_LOG } from '../playwright.config';

/** The code the console SMS provider wrote for this mobile (98XXXXXXXXXX), waited for. */
export async function smsCode(mobile: string): Promise<string> {
  let code: string | undefined;
  await expect.poll(() => {
    const lines = fs.existsSync(E2E_SMS_LOG) ? fs.readFileSync(E2E_SMS_LOG, 'utf8').trim().split('\n') : [];
    code = lines.reverse().find((l) => l.startsWith(`[sms] to=${mobile} `))?.match(/(\d{4})\s*$/)?.[1];
    return code;
  }, { message: `an SMS to ${mobile} in ${E2E_SMS_LOG}` }).toBeTruthy();
  return code!;
}
