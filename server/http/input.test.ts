// The input checks of the HTTP edge as functions (issue 11: F3, F4, F11, F14, F17); input-edge.test.ts
// drives them over HTTP.
import { describe, expect, it } from 'vitest';
import { trailingSlashRedirect } from '../app.ts';
import { DomainError } from '../errors.ts';
import { boundedPageRequest, hasControlCharacters, normalisedPath, parseUrlencoded } from './input.ts';

describe('trailingSlashRedirect keeps the Location on the site (F3)', () => {
  it.each([
    ['//evil.example/x', '/evil.example/x/'],
    ['/\\evil.example/x', '/evil.example/x/'],
    ['//evil%2Eexample/x', '/evil%2Eexample/x/'],
    ['\\\\evil.example/x', null],
    ['/\\\\//evil.example/x?next=//a', '/evil.example/x/?next=//a'],
    ['http://evil.example/x', null],
    ['/videos', '/videos/'],
  ])('%s → %s', (url, expected) => {
    const location = trailingSlashRedirect(url);
    expect(location).toBe(expected);
    if (location) expect(location).toMatch(/^\/[^/\\]/);
  });
});

describe('control characters (F4)', () => {
  it.each([
    ['a\u0000b', false, true],
    ['a\u001fb', false, true],
    ['a\u007fb', false, true],
    ['a\tb', false, true],
    ['a\tb\r\nc', true, false],
    ['a\u0000b', true, true],
    ['a\u000bb', true, true],
    ['Åsa – ü 日本', false, false],
  ])('%j (multi-line %s) → %s', (value, multiline, expected) =>
    expect(hasControlCharacters(value, multiline)).toBe(expected),
  );

  it('a form-encoded body: 400 invalid_characters naming each field', () => {
    let error: unknown;
    try {
      parseUrlencoded('usr=a%00b&pwd=ok&message=x%0Ay&title=t%09t');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_characters',
      codes: [
        { field: 'usr', code: 'invalid_characters' },
        { field: 'title', code: 'invalid_characters' },
      ],
    });
  });

  it('a repeated name keeps its first value (F11)', () => {
    expect(parseUrlencoded('a=1&b=2&a=3')).toEqual({ a: '1', b: '2' });
  });
});

describe('normalisedPath (F17)', () => {
  it.each([
    ['/embed/12/', '/embed/12/'],
    ['/embed/12/?autoplay=1', '/embed/12/'],
    ['/embed/../admin/moderation/', '/admin/moderation/'],
    ['/embed/%2e%2e/admin/moderation/', '/admin/moderation/'],
    ['/embed/%2E%2E/admin/', '/admin/'],
    ['/embed/..%2Fadmin/moderation/', '/'],
    ['/embed/..%5Cadmin/moderation/', '/'],
    ['/embed/..\\admin/', '/admin/'],
    ['/%65mbed/12/', '/'],
    ['/embed/%zz/', '/'],
    ['http://evil.example/embed/1/', '/'],
    ['*', '/'],
  ])('%s → %s', (url, expected) => expect(normalisedPath(url)).toBe(expected));
});

describe('boundedPageRequest (F11, F14)', () => {
  const answered = () => {
    const res = {
      status: 0,
      body: '',
      writeHead(status: number) {
        res.status = status;
        return res;
      },
      write(body: string | Buffer) {
        res.body += String(body);
        return true;
      },
      end(body?: string) {
        if (body !== undefined) res.body += body;
        return res;
      },
    };
    return res;
  };
  const post = (body: BodyInit, type = 'application/x-www-form-urlencoded') =>
    new Request('http://tube.test/admin/reports/', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
      duplex: 'half',
    } as RequestInit);

  it('hands a small form on, readable', async () => {
    const res = answered();
    const request = await boundedPageRequest(post('act=handle&report_id=3'), res as never);
    expect(res.status).toBe(0);
    expect(Object.fromEntries(await request!.formData())).toEqual({ act: 'handle', report_id: '3' });
  });

  it('answers 415 for JSON', async () => {
    const res = answered();
    expect(await boundedPageRequest(post('{"a":1}', 'application/json'), res as never)).toBeNull();
    expect(res.status).toBe(415);
  });

  it('answers 413 once a streamed body passes the limit, without reading it all', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const res = answered();
    expect(await boundedPageRequest(post(stream), res as never, 10 * 1024)).toBeNull();
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(20);
  });

  it('lets GET through untouched', async () => {
    const request = new Request('http://tube.test/');
    expect(await boundedPageRequest(request, answered() as never)).toBe(request);
  });
});
