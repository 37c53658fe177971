import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES, toPersianDigits } from '@sorkhab/shared';
import { AppError } from './errors.js';

export interface UploadedFile {
  field: string;
  filename: string;
  buffer: Buffer;
}

export interface FormData {
  fields: Record<string, string>;
  files: UploadedFile[];
}

const tooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', `حجم هر تصویر باید حداکثر ${toPersianDigits(MAX_UPLOAD_BYTES / (1024 * 1024))} مگابایت باشد`);

/**
 * Reads a multipart form (or a JSON / urlencoded body, so scripts may send either) into fields
 * and in-memory files. Each file is capped at 5 MB; field names are kept as sent.
 */
export async function readForm(request: FastifyRequest, maxFiles = 20): Promise<FormData> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(body)) {
      if (v === undefined || v === null) continue;
      fields[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
    return { fields, files };
  }
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: maxFiles, fields: 100, fieldSize: 1_000_000 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        if (buffer.length > 0) files.push({ field: part.fieldname, filename: part.filename, buffer });
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw new AppError(413, 'PAYLOAD_TOO_LARGE', `حداکثر ${toPersianDigits(maxFiles)} تصویر در هر بار مجاز است`);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'تعداد فیلدهای فرم بیش از حد مجاز است');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'قالب فرم ارسالی پشتیبانی نمی‌شود');
    throw new AppError(400, 'BAD_MULTIPART', 'فرم ارسالی ناقص یا خراب است؛ دوباره ارسال کنید');
  }
  return { fields, files };
}
