export interface Envelope<T> {
  success: true;
  data: T;
  error: null;
}

export const ok = <T>(data: T): Envelope<T> => ({ success: true, data, error: null });

export function paged<T>(data: T[], page: number, pageSize: number, totalCount: number) {
  return { data, page, pageSize, totalCount };
}
