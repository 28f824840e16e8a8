// Self-hosted house ads: banners made for the site (its name, a headline, a call to action) drawn as
// SVG, so that a fresh site shows finished ad places without calling any outside network. Pure
// functions; ads.routes.ts serves them.

const PALETTE = ['#ff5e3a', '#3a8dff', '#2bb673', '#b05cff', '#ffb020'];

/** Names like "300x250-2" (size and colour variant) or "728x90-promo"; null for anything else. */
export function parseHouseAd(name: string): { width: number; height: number; variant: string } | null {
  const match = /^(\d{2,4})x(\d{2,4})(?:-(promo|[1-5]))?$/.exec(name);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width < 50 || width > 2000 || height < 30 || height > 2000) return null;
  return { width, height, variant: match[3] ?? '1' };
}

const escapeXml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** What each house banner says: the footer's slots sell ad space, the promo invites sign-ups. */
const HOUSE_COPY: Record<string, { title: (site: string) => string; line: string; cta: string }> = {
  '1': {
    title: (site) => `Advertise on ${site}`,
    line: 'Banners, pre-roll and promo slots',
    cta: 'Learn more',
  },
  '2': { title: () => 'Reach our visitors', line: 'Self-serve banners, fair prices', cta: 'Get started' },
  '3': {
    title: (site) => `Advertise on ${site}`,
    line: 'Video pre-roll and pause ads',
    cta: 'See the options',
  },
  '4': { title: () => 'Your banner here', line: 'Footer, sidebar and carousel slots', cta: 'Contact us' },
  '5': { title: (site) => `Advertise on ${site}`, line: 'Targeted by category', cta: 'Learn more' },
  promo: { title: (site) => `Join ${site} free`, line: 'Favourites, playlists and uploads', cta: 'Sign up' },
};

// A finished banner made for the site (issue 15: never a wireframe box): the site's name, a headline,
// a line and a call to action on a dark gradient in one accent colour.
export function houseAdSvg(width: number, height: number, variant: string, siteName: string): string {
  const promo = variant === 'promo';
  const accent = promo ? PALETTE[0] : PALETTE[(Number(variant) - 1) % PALETTE.length];
  const copy = HOUSE_COPY[variant] ?? HOUSE_COPY['1']!;
  const title = copy.title(siteName);
  const wide = width / height > 3;
  const pad = Math.max(8, Math.round(Math.min(width, height) / 12));
  const size = Math.max(
    12,
    Math.min(Math.round(height / (wide ? 3.6 : 8)), Math.round(width / (wide ? 28 : 13))),
  );
  const small = Math.max(9, Math.round(size * 0.62));
  const ctaW = Math.round(copy.cta.length * small * 0.62 + small * 2);
  const ctaH = Math.round(small * 2.2);
  // The headline fits its room (bold glyphs are about 0.62 em wide): long site names shrink it.
  const room = width - 2 * pad - (wide ? ctaW + pad : 0);
  const big = Math.max(10, Math.min(size, Math.floor(room / (title.length * 0.62))));
  const brand = `<text x="${pad}" y="${pad + small}" fill="${accent}" font-family="system-ui, sans-serif" font-size="${small}" font-weight="800">${escapeXml(siteName)}</text>`;
  const layout = wide
    ? {
        titleX: pad,
        titleY: height / 2 + big * 0.35 + (height > 70 ? small * 0.4 : 0),
        anchor: 'start',
        lineY: height - pad,
        ctaX: width - pad - ctaW,
        ctaY: (height - ctaH) / 2,
      }
    : {
        titleX: width / 2,
        titleY: height * 0.46,
        anchor: 'middle',
        lineY: height * 0.46 + big * 1.1,
        ctaX: (width - ctaW) / 2,
        ctaY: height - pad - ctaH,
      };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#15151b"/><stop offset="1" stop-color="#25252f"/></linearGradient>
<radialGradient id="r" cx="1" cy="0" r="1"><stop offset="0" stop-color="${accent}" stop-opacity="0.38"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<rect width="${width}" height="${height}" fill="url(#r)"/>
${wide && height < 70 ? '' : brand}
<text x="${layout.titleX}" y="${layout.titleY}" fill="#f4f4f6" font-family="system-ui, sans-serif" font-size="${big}" font-weight="800" text-anchor="${layout.anchor}">${escapeXml(title)}</text>
${wide && height < 70 ? '' : `<text x="${layout.titleX}" y="${layout.lineY}" fill="#b9b9c6" font-family="system-ui, sans-serif" font-size="${small}" text-anchor="${layout.anchor}">${escapeXml(copy.line)}</text>`}
<rect x="${layout.ctaX}" y="${layout.ctaY}" width="${ctaW}" height="${ctaH}" rx="${ctaH / 2}" fill="${accent}"/>
<text x="${layout.ctaX + ctaW / 2}" y="${layout.ctaY + ctaH / 2}" fill="#fff" font-family="system-ui, sans-serif" font-size="${small}" font-weight="700" text-anchor="middle" dominant-baseline="central">${escapeXml(copy.cta)}</text>
</svg>
`;
}
