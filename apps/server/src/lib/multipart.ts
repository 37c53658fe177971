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

/**
 * A form's text fields together, in UTF-8 bytes: what a JSON body may weigh (app.ts's `bodyLimit`). busboy's limits are
 * per field (`fieldSize`) and on the number of fields, so without this a form of a hundred fields of a megabyte each
 * was held as text before any check — a few at once took the server's heap.
 */
const MAX_FORM_TEXT_BYTES = 1024 * 1024;

const textTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'متن فرم بیش از حد مجاز است');

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
  let textBytes = 0;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: maxFiles, fields: 100, fieldSize: MAX_FORM_TEXT_BYTES } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        if (buffer.length > 0) files.push({ field: part.fieldname, filename: part.filename, buffer });
      } else {
        // A field cut at `fieldSize` is refused, not taken shortened.
        if (part.valueTruncated) throw textTooLarge();
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        textBytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
        if (textBytes > MAX_FORM_TEXT_BYTES) throw textTooLarge();
        fields[part.fieldname] = value;
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
