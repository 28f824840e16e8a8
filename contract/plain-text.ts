// SEO text is plain text (content.md §2: markup is dropped). Titles and descriptions are stored as their
// uploaders typed them, so one helper turns them into what <title>, meta tags, JSON-LD, oEmbed and the
// video sitemap carry: no tags (script and style with their content), entities decoded, white space
// collapsed. Shared by the web build and the server, so every place drops markup the same way.

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

// Markup is a tag of HTML's (or SVG's and MathML's roots), a declaration or a processing instruction:
// "a < b", "I <3 it" and a title like "Tom & <Jerry>" stay text (escaped where they are written). An
// unclosed tag at the end ("x <b") is dropped too: a browser would not show it either.
const ELEMENTS =
  'a|abbr|address|area|article|aside|audio|b|base|bdi|bdo|blink|blockquote|body|br|button|canvas|caption|' +
  'center|cite|code|col|colgroup|data|datalist|dd|del|details|dfn|dialog|div|dl|dt|em|embed|fieldset|' +
  'figcaption|figure|font|footer|form|frame|frameset|h[1-6]|head|header|hgroup|hr|html|i|iframe|img|input|' +
  'ins|kbd|label|legend|li|link|main|map|mark|marquee|math|menu|meta|meter|nav|noscript|object|ol|optgroup|' +
  'option|output|p|param|picture|pre|progress|q|rp|rt|ruby|s|samp|script|search|section|select|slot|small|' +
  'source|span|strike|strong|style|sub|summary|sup|svg|table|tbody|td|template|textarea|tfoot|th|thead|' +
  'time|title|tr|track|tt|u|ul|var|video|wbr|xmp';
// Attributes, quoted or not; never past the next `<`, so a run of unclosed tags is scanned in linear time.
const ATTRS = `(?:"[^"<]*"|'[^'<]*'|[^<>"'])*`;
const TAG = new RegExp(`<(?:/?(?:${ELEMENTS})(?=[\\s/>]|$)|[!?])${ATTRS}(?:>|$|(?=<))`, 'gi');
const HIDDEN = new RegExp(`<(script|style|template|noscript)\\b${ATTRS}>[\\s\\S]*?(?:</\\1\\s*>|$)`, 'gi');
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const ENTITY = /&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi;

function decodeEntity(match: string, body: string): string {
  if (body[0] === '#') {
    const code =
      body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    // Controls, surrogates and out-of-range code points are not text.
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff)
      return ' ';
    return String.fromCodePoint(code);
  }
  return NAMED[body.toLowerCase()] ?? match;
}

function stripTags(text: string): string {
  return text.replace(COMMENT, ' ').replace(HIDDEN, ' ').replace(TAG, ' ');
}

/** `<b>x</b> &amp; <script>…</script>y` → `x & y`. */
export function plainText(text: string | null | undefined): string {
  if (!text) return '';
  // Decoding may reveal markup that was typed escaped (`&lt;b&gt;`): that is markup too.
  const decoded = stripTags(stripTags(text).replace(ENTITY, decodeEntity));
  return decoded
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
