// Who is staff, without zod: the browser's video page reads it (a comment's Delete for moderators), and
// importing it from moderation.ts would bring that module's schemas, and zod, into its first load.
export function isModerator(user: { role: string } | null | undefined): boolean {
  return user?.role === 'moderator' || user?.role === 'administrator';
}
