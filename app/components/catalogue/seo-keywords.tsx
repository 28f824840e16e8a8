import { Link } from 'react-router';

/** content.md §2, §9: up to 100 keywords linking to search (the SEO tag block). */
export const SEO_KEYWORDS = 100;

/** A random sample of at most SEO_KEYWORDS, chosen in the loader so server and browser agree. */
export function sampleKeywords(keywords: readonly string[], random = Math.random): string[] {
  const pool = [...keywords];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
  }
  return pool.slice(0, SEO_KEYWORDS);
}

export function SeoKeywords({ keywords, label }: { keywords: readonly string[]; label: string }) {
  if (keywords.length === 0) return null;
  return (
    <nav className="chips seo-keywords" aria-label={label}>
      {keywords.map((keyword) => (
        <Link key={keyword} to={`/search/1/?s=${encodeURIComponent(keyword)}`} className="chip">
          {keyword}
        </Link>
      ))}
    </nav>
  );
}
