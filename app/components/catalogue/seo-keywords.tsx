import { useClientLinks } from '../video-card.tsx';

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

// Up to 100 links: plain <a> (no per-link router attributes in the page), whose clicks the block turns
// into client navigation, as the video grids do.
export function SeoKeywords({ keywords, label }: { keywords: readonly string[]; label: string }) {
  const onClick = useClientLinks();
  if (keywords.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on the links inside raises click.
    <nav className="chips seo-keywords" aria-label={label} onClick={onClick}>
      {keywords.map((keyword) => (
        <a key={keyword} href={`/search/1/?s=${encodeURIComponent(keyword)}`} className="chip">
          {keyword}
        </a>
      ))}
    </nav>
  );
}
