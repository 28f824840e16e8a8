// What the staff pages' form actions share: the Origin check of a POST and the test for an expected
// (domain) error, which the page shows as a notice instead of failing the render.

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
