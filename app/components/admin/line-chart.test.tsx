// The dashboard's SVG line chart: round axis bounds, one point and hover title per day, its accessible
// name and summary, and the hidden table of every value.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { compactNumber, LineChart, niceMax } from './line-chart.tsx';

describe('line chart', () => {
  it('rounds the top of the axis so that its half is whole too', () => {
    expect([0, 1, 2, 3, 5, 9, 15, 41, 980, 5000, 12_345].map(niceMax)).toEqual([
      2, 2, 2, 4, 6, 10, 20, 60, 1000, 6000, 20_000,
    ]);
    expect([0, 999, 1500, 2_400_000].map(compactNumber)).toEqual(['0', '999', '1.5k', '2.4M']);
  });

  it('draws one point per day with a title each, labelled for screen readers', () => {
    const points = [
      { label: '2026-11-01', value: 3 },
      { label: '2026-11-02', value: 0 },
      { label: '2026-11-03', value: 12 },
    ];
    const html = renderToStaticMarkup(
      <LineChart
        title="Page views"
        summary="15 in total"
        points={points}
        labelHeader="Day"
        valueHeader="Count"
        formatLabel={(day) => day.slice(5)}
      />,
    );
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+-title [^"]+-desc"/);
    expect(html).toContain('viewBox="0 0 320 150"');
    expect(html).toContain('<title id=');
    expect(html).toContain('>Page views</title>');
    expect(html).toContain('>15 in total</desc>');
    for (const p of points) expect(html).toContain(`<title>${p.label}: ${p.value}</title>`);
    expect(html.match(/<circle/g)).toHaveLength(3);
    // The line goes through each day: M, then L twice; the y axis reads 0, 10, 20.
    const d = /class="line-chart__line" d="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(d.match(/[ML]/g)).toEqual(['M', 'L', 'L']);
    expect(html).toMatch(/>0<\/text>.*>10<\/text>.*>20<\/text>/);
    expect(html).toContain('>11-01</text>');
    expect(html).toContain('>11-03</text>');
    expect(html).toMatch(/<table class="sr-only"><caption>Page views<\/caption>/);
    expect(html.match(/<tr>/g)).toHaveLength(4);
  });

  it('draws nothing but the axes for no data', () => {
    const html = renderToStaticMarkup(
      <LineChart title="Goals" summary="None" points={[]} labelHeader="Day" valueHeader="Count" />,
    );
    expect(html).not.toContain('line-chart__line');
    expect(html).toContain('role="img"');
  });
});
