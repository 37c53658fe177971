import { VALIDATOR_DEFAULT_LEN } from '../constants.js';
import { toPersianDigits } from '../fa/digits.js';
import { formatNumber } from '../fa/money.js';

/** Form-field descriptor of spec section 5 (`filed` is spelled as the original spells it). */
export interface FieldDescriptor {
  name?: string;
  title: string;
  filed: unknown;
  validation?: { required?: boolean; len?: number };
}

export interface ValidationResult {
  hasError: boolean;
  /** Message per field, by `name` (or title when a field has no name). */
  messages: Record<string, string>;
}

/** A number inside a message a person reads: Persian digits, thousands grouped (۱۰٬۰۰۰), a decimal point as «٫». */
export function messageNumber(n: number): string {
  return Number.isInteger(n) ? formatNumber(n) : toPersianDigits(String(n)).replace('.', '٫');
}

export const requiredMessage = (title: string) => `${title} الزامی است`;
export const maxLenMessage = (title: string, len: number) => `${title} باید حداکثر ${messageNumber(len)} کاراکتر باشد`;
export const minMessage = (title: string, min: number) => `${title} باید حداقل ${messageNumber(min)} باشد`;
export const maxMessage = (title: string, max: number) => `${title} باید حداکثر ${messageNumber(max)} باشد`;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
    || (Array.isArray(value) && value.length === 0);
}

/** Checks one field: the first failing rule's message, or null. Uses the field's own len. */
export function validateField(field: FieldDescriptor): string | null {
  const { required, len } = field.validation ?? {};
  if (required && isEmpty(field.filed)) return requiredMessage(field.title);
  if (len !== undefined && typeof field.filed === 'string') {
    const limit = len > 0 ? len : VALIDATOR_DEFAULT_LEN;
    if ([...field.filed].length > limit) return maxLenMessage(field.title, limit);
  }
  return null;
}

/** The shared validator: the admin forms and the server use it alike. */
export function validateFields(fields: FieldDescriptor[]): ValidationResult {
  const messages: Record<string, string> = {};
  for (const field of fields) {
    const message = validateField(field);
    if (message) messages[field.name ?? field.title] = message;
  }
  return { hasError: Object.keys(messages).length > 0, messages };
}
