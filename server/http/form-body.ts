// Form bodies (multipart/form-data or application/x-www-form-urlencoded) read as Web FormData, with a
// size cap enforced while streaming. Routes using it take the raw body: their scope registers
// `addContentTypeParser('*', (_r, payload, done) => done(null, payload))`.
import { Readable, Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors.ts';
import { assertPlainText } from './input.ts';

const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

export interface FormLimits {
  maxBytes: number;
  /** The error for a body over maxBytes (413). */
  tooLarge: () => DomainError;
}

/**
 * The request's form, or an empty one when there is no body; 415 for another content type, 400
 * `invalid_characters` for a text field with control characters (input.ts).
 */
export async function readFormData(request: FastifyRequest, limits: FormLimits): Promise<FormData> {
  const type = request.headers['content-type'] ?? '';
  if (!FORM_TYPES.test(type)) {
    throw new DomainError('invalid_request', { status: 415, message: 'Unsupported content type' });
  }
  if (Number(request.headers['content-length'] ?? 0) > limits.maxBytes) throw limits.tooLarge();
  const body = request.body as Readable | undefined;
  if (!body || typeof body.pipe !== 'function') return new FormData();
  let seen = 0;
  let over = false;
  const limited = body.pipe(
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length;
        over = seen > limits.maxBytes;
        done(over ? new Error('form too large') : null, chunk);
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Request('http://form.local/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: Readable.toWeb(limited) as ReadableStream,
      duplex: 'half',
    } as RequestInit).formData();
  } catch {
    if (over) throw limits.tooLarge();
    throw new DomainError('invalid_request', { message: 'Unreadable form' });
  }
  assertPlainText(form.entries());
  return form;
}
