// The information pages of content.md §2 ("/information/: children dmca/, support/, terms/, privacy/,
// 2257/"): the one list the route table, the legal pages and the sitemap page read. No zod.

export const LEGAL_SECTIONS = ['dmca', 'support', 'terms', 'privacy', '2257'] as const;
export type LegalSection = (typeof LEGAL_SECTIONS)[number];
