// The test for an expected (domain) error, which a staff page's loader turns into its own answer (a 404)
// instead of failing the render. The console's writes go through /api/admin/*.php (lib/staff-api.ts and
// the other lib/admin-*-api.ts); no page has a form action of its own (issue 12).

export function isDomainError(error: unknown): error is { code: string; status: number } {
  return (
    error instanceof Error &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}
