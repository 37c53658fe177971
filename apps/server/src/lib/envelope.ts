export interface Envelope<T> {
  success: true;
  data: T;
  error: null;
}

export const ok = <T>(data: T): Envelope<T> => ({ success: true, data, error: null });

/** A refusal as the API writes it (the error handler's, and an in-process read's: lib/in-process.ts). */
export const failure = (code: string, message: string, fields?: Record<string, string>) =>
  ({ success: false as const, data: null, error: { code, message, ...(fields ? { fields } : {}) } });

/** Data already written as JSON (a listing's cards copied from the catalogue): `sendCached` wraps it as it is. */
export class JsonText {
  constructor(readonly json: string | Buffer) {}
}

const OPEN = Buffer.from('{"success":true,"data":');
const CLOSE = Buffer.from(',"error":null}');

/** The envelope as UTF-8: `JSON.stringify(ok(data))`, with JSON already written taken as it is. */
export function envelopeBytes(data: unknown): Buffer {
  if (!(data instanceof JsonText)) return Buffer.from(JSON.stringify(ok(data)));
  return Buffer.concat([OPEN, typeof data.json === 'string' ? Buffer.from(data.json) : data.json, CLOSE]);
}
