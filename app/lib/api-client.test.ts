// The browser's API client against a stubbed fetch: the exact request each call sends (the server and
// the e2e tests depend on them), and every kind of failure turned into an ApiError.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  addToList,
  callApi,
  getRelated,
  getSuggestions,
  getVideoFiles,
  getVideoList,
  listErrorCode,
  postAccountForm,
  postReport,
  postVideoEdit,
  postView,
  saveAdZone,
} from './api-client.ts';

type Reply = Response | Error;
let replies: Reply[];
let calls: { url: string; init: RequestInit }[];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const text = (body: string, status = 200) => new Response(body, { status });
const errorBody = {
  error: 'Bad input',
  code: 'invalid_video_id',
  codes: [{ field: 'video_id', code: 'invalid' }],
};

beforeEach(() => {
  replies = [];
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const reply = replies.shift() ?? json({});
    if (reply instanceof Error) throw reply;
    return reply;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The error a call rejects with (fails the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => expect.fail('the call succeeded'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the requests', () => {
  it('reads the file list with the session cookie and the caller’s signal, nothing else', async () => {
    const signal = new AbortController().signal;
    replies.push(json({ video_id: 7, sources: [] }));
    await expect(getVideoFiles(7, { signal })).resolves.toMatchObject({ video_id: 7 });
    expect(calls).toEqual([
      { url: '/api/videofile.php?video_id=7', init: { credentials: 'same-origin', signal } },
    ]);
  });

  it('keeps the accept header only where the page sent it', async () => {
    replies.push(json({ videos: [], total_count: 0 }), json({ videos: [] }), json({ videos: [] }));
    await getRelated('/api/json/videos_related2/432000/str/100/7.1.json');
    await getVideoList('/api/json/videos2/0/str/latest-updates/24/history.3.1.all.all.all.json');
    await getVideoList('/api/json/videos2/x.json', { headers: { accept: 'application/json' } });
    expect(calls.map((c) => c.init.headers)).toEqual([
      { accept: 'application/json' },
      undefined,
      {
        accept: 'application/json',
      },
    ]);
  });

  it('encodes the suggester query', async () => {
    replies.push(json({ keywords: [], tags: [], categories: [], models: [], channels: [] }));
    await getSuggestions('a&b c');
    expect(calls[0]?.url).toBe('/api/suggester.php?c=a%26b%20c');
    replies.push(json({ keywords: [], tags: [], categories: [], models: [], channels: [] }));
    await getSuggestions('bars', {}, 'gay');
    expect(calls[1]?.url).toBe('/api/suggester.php?c=bars&gender=gay');
  });

  it('sends the accounts calls form-encoded, asking for JSON', async () => {
    replies.push(json({ status: 'success' }));
    const answer = await postAccountForm('/api/login.php', { usr: 'ann', pwd: 'p&ss word' });
    expect(answer).toEqual({ ok: true, status: 200, body: { status: 'success' } });
    expect(calls).toEqual([
      {
        url: '/api/login.php',
        init: {
          credentials: 'same-origin',
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: 'usr=ann&pwd=p%26ss+word',
        },
      },
    ]);
  });

  it('adds to a list form-encoded with the content type the server expects', async () => {
    replies.push(json({ ok: true }));
    await addToList('watch_later', 9);
    const init: RequestInit = calls[0]?.init ?? {};
    expect(calls[0]?.url).toBe('/api/input.php');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded' });
    expect(String(init.body)).toBe('act=watch_later&section=add&video_id=9');
  });

  it('sends the view like sendBeacon would (no content type of ours), kept alive', async () => {
    replies.push(json({ ok: true, counted: true }));
    const form = new URLSearchParams({ act: 'view', section: 'video', object_id: '5' });
    await expect(postView(form)).resolves.toEqual({ ok: true, counted: true });
    expect(calls[0]).toEqual({
      url: '/api/input.php',
      init: { credentials: 'same-origin', method: 'POST', body: form, keepalive: true },
    });
  });

  it('sends multipart bodies as they are, letting the browser set the boundary', async () => {
    const form = new FormData();
    form.append('title', 'x');
    replies.push(json({ status: 'success', report_id: 4 }), json({ ok: true, video_id: 12 }));
    await expect(postReport(form)).resolves.toEqual({ status: 'success', report_id: 4 });
    await expect(postVideoEdit(form)).resolves.toEqual({ ok: true, video_id: 12 });
    expect(calls.map((c) => [c.url, c.init])).toEqual([
      ['/api/report.php', { credentials: 'same-origin', method: 'POST', body: form }],
      ['/api/video_edit.php', { credentials: 'same-origin', method: 'POST', body: form }],
    ]);
  });

  it('saves an ad zone as JSON', async () => {
    replies.push(json({ status: 'success', zone: { key: 'pause' } }));
    await saveAdZone({ key: 'pause', enabled: true, config: { src: null } });
    expect(calls[0]?.init).toEqual({
      credentials: 'same-origin',
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{"key":"pause","enabled":true,"config":{"src":null}}',
    });
  });
});

describe('the failures', () => {
  it('turns the spec’s error shape into an ApiError', async () => {
    replies.push(json({ ...errorBody, info: { max: 3 } }, 400));
    const error = await failure(getVideoFiles(0));
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_video_id',
      codes: [{ field: 'video_id', code: 'invalid' }],
      info: { max: 3 },
      message: 'Bad input',
      answerCode: 'invalid_video_id',
    });
  });

  it('names an answer without a code by its status, and no answer at all `network`', async () => {
    replies.push(text('<html>oops</html>', 502), new TypeError('Failed to fetch'));
    const bare = await failure(getVideoList('/api/json/videos2/x.json'));
    expect(bare).toMatchObject({
      status: 502,
      code: 'http_502',
      codes: [],
      body: null,
      answerCode: undefined,
    });
    const offline = await failure(getVideoList('/api/json/videos2/x.json'));
    expect(offline).toMatchObject({ status: 0, code: 'network', body: null });
    expect(offline.cause).toBeInstanceOf(TypeError);
  });

  it('keeps only well-formed field errors', async () => {
    replies.push(json({ code: 'invalid', codes: [{ field: 'a', code: 'b' }, { field: 1 }, 'x'] }, 400));
    expect((await failure(getVideoList('/x'))).codes).toEqual([{ field: 'a', code: 'b' }]);
  });

  it('refuses a 2xx that is not what the call answers', async () => {
    replies.push(json({ video_id: 7 }), text('not json'), json({ code: 'not_ok' }));
    expect(await failure(getVideoFiles(7))).toMatchObject({ status: 200, code: 'http_200' });
    expect(await failure(getRelated('/r'))).toMatchObject({ status: 200, body: null });
    // video_edit.php succeeds only with ok: true.
    expect(await failure(postVideoEdit(new FormData()))).toMatchObject({ status: 200, code: 'not_ok' });
  });

  it('a 2xx add that still carries a code is a refusal (the legacy API’s way)', async () => {
    replies.push(json({ code: 'already_added', codes: [{ field: 'notify', code: 'already_added' }] }));
    expect(await failure(addToList('favourite', 1))).toMatchObject({ status: 200, code: 'already_added' });
  });

  it('a 2xx without JSON still counts where the page only looked at the status', async () => {
    replies.push(text(''), text('', 201));
    await expect(postReport(new FormData())).resolves.toBeNull();
    await expect(addToList('playlist', 2)).resolves.toBeNull();
  });

  it('callApi resolves every answer, whatever its status', async () => {
    replies.push(json(errorBody, 429));
    await expect(callApi('/api/login.php')).resolves.toEqual({ ok: false, status: 429, body: errorBody });
  });
});

describe('listErrorCode', () => {
  it('is the answer’s code, else its status, else network', () => {
    expect(listErrorCode(new ApiError(400, { code: 'invalid_page' }))).toBe('invalid_page');
    expect(listErrorCode(new ApiError(404, {}))).toBe('404');
    expect(listErrorCode(new ApiError(500, null))).toBe('network');
    expect(listErrorCode(new ApiError(0, null))).toBe('network');
    expect(listErrorCode(new TypeError('x'))).toBe('network');
  });
});
