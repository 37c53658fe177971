export interface Envelope<T> {
  success: true;
  data: T;
  error: null;
}

export const ok = <T>(data: T): Envelope<T> => ({ success: true, data, error: null });
