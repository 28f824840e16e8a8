// Self-hosted house ads: neutral "Advertise here" creatives drawn as SVG, so that a fresh site shows
// its ad places without calling any outside network. Pure functions; ads.routes.ts serves them.

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

export function houseAdSvg(width: number, height: number, variant: string, siteName: string): string {
  const promo = variant === 'promo';
  const accent = promo ? PALETTE[0] : PALETTE[(Number(variant) - 1) % PALETTE.length];
  const title = promo ? 'Premium: no ads, full HD' : 'Advertise here';
  const line = promo ? 'Try it for $0.99' : `${width}×${height} · ${siteName}`;
  const wide = width / height > 3;
  const big = Math.max(12, Math.min(Math.round(height / (wide ? 4 : 6)), Math.round(width / 12)));
  const small = Math.max(10, Math.round(big * 0.6));
  const titleY = wide ? height / 2 - small * 0.2 : height / 2 - big * 0.1;
  const lineY = wide ? height / 2 + small * 1.3 : height / 2 + big * 0.9;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1b1b22"/><stop offset="1" stop-color="#26262f"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<rect x="1" y="1" width="${width - 2}" height="${height - 2}" fill="none" stroke="${accent}" stroke-width="2" stroke-dasharray="8 6"/>
<circle cx="${width - 18}" cy="18" r="6" fill="${accent}"/>
<text x="50%" y="${titleY}" fill="#f4f4f6" font-family="system-ui, sans-serif" font-size="${big}" font-weight="700" text-anchor="middle" dominant-baseline="middle">${escapeXml(title)}</text>
<text x="50%" y="${lineY}" fill="${accent}" font-family="system-ui, sans-serif" font-size="${small}" text-anchor="middle" dominant-baseline="middle">${escapeXml(line)}</text>
</svg>
`;
}
