// One file field of a multipart request (a floor plan, a pin's cover picture).
import type { FastifyRequest } from 'fastify';
import { TooLarge } from '../services/errors.ts';

/**
 * Reads one file field of a multipart request into memory (images only: they are small). Answers null when the
 * request is not multipart or has no such file; other parts are drained.
 */
export async function readFileField(
  req: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<{ filename: string; mimetype: string; data: Buffer } | null> {
  if (!req.isMultipart()) return null;
  let found: { filename: string; mimetype: string; data: Buffer } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || found) {
        part.file.resume();
        continue;
      }
      found = { filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() };
    }
  } catch (e) {
    if ((e as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new TooLarge(
        `The file is larger than ${Math.round(maxBytes / 1024 ** 2)} MB; please choose a smaller one.`,
      );
    throw e;
  }
  if (found && found.data.length === 0) return null;
  return found;
}
