// What the staff pages' form actions share: the Origin check of a POST, reading the posted form within
// bounds, and the test for an expected (domain) error, which the page shows as a notice instead of
// failing the render.

/** A browser's POST carries Origin: it must be this site (SameSite=Lax cookies already stop most). */
export function sameOrigin(request: Request, publicUrl: string): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return request.headers.get('sec-fetch-site') !== 'cross-site';
  return origin === publicUrl || origin === new URL(request.url).origin;
}

export function isDomainError(error: unknown): error is { code: string; status: number } {
  return (
    error instanceof Error &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

/** A staff form is two or three short fields; the server already refuses page bodies above 1 MB. */
export const STAFF_FORM_MAX_BYTES = 64 * 1024;
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;
// The reject reason and the DMCA counter-notice are textareas: they keep tab, LF and CR (as server/http/input.ts).
const MULTILINE = new Set(['reason_text', 'message']);

/** C0 controls and DEL, which no field has a use for (PostgreSQL refuses a NUL in text). */
function hasControlCharacters(value: string, multiline: boolean): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c === 0x7f || (c < 0x20 && !(multiline && (c === 0x09 || c === 0x0a || c === 0x0d)))) return true;
  }
  return false;
}

export type StaffForm =
  | { ok: true; fields: Record<string, string> }
  | { ok: false; status: number; errors: { field: string; code: string }[] };

/**
 * The posted form's text fields (the first of a repeated name), or why not: 415 for another content
 * type (JSON), 413 above `maxBytes`, 400 for an unreadable form or control characters in a field.
 */
export async function readStaffForm(request: Request, maxBytes = STAFF_FORM_MAX_BYTES): Promise<StaffForm> {
  const fail = (status: number, code: string, field = 'general'): StaffForm => ({
    ok: false,
    status,
    errors: [{ field, code }],
  });
  const type = request.headers.get('content-type') ?? '';
  if (!FORM_TYPES.test(type)) return fail(415, 'unsupported_media_type');
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return fail(413, 'too_large');
  const chunks: Uint8Array[] = [];
  let size = 0;
  let form: FormData;
  try {
    const reader = request.body?.getReader();
    for (;;) {
      const next = reader ? await reader.read() : { done: true as const, value: undefined };
      if (next.done) break;
      size += next.value.byteLength;
      if (size > maxBytes) {
        await reader?.cancel().catch(() => {});
        return fail(413, 'too_large');
      }
      chunks.push(next.value);
    }
    const body = new Blob(chunks as BlobPart[]);
    form = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    return fail(400, 'invalid');
  }
  const fields = new Map<string, string>();
  const bad: { field: string; code: string }[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string' || fields.has(name)) continue;
    if (hasControlCharacters(value, MULTILINE.has(name))) {
      bad.push({ field: name, code: 'invalid_characters' });
    } else {
      fields.set(name, value);
    }
  }
  if (bad.length > 0) return { ok: false, status: 400, errors: bad };
  return { ok: true, fields: Object.fromEntries(fields) };
}
