// The upload form without a DOM: its reducer, the checks before sending, the details call's body and
// how a failed submit is read.
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../contract/upload.ts';
import { ApiError } from '../../lib/api-client.ts';
import {
  editOf,
  failureCodes,
  INITIAL_UPLOAD,
  INITIAL_VALUES,
  percentOf,
  type UploadAction,
  type UploadModel,
  uploadReducer,
  type Values,
} from './upload-state.ts';
import { type ImageSize, localErrors } from './upload-validation.ts';
import { answerOf, videoEditForm } from './video-edit.ts';

const run = (model: UploadModel, ...actions: UploadAction[]) => actions.reduce(uploadReducer, model);
const refused = run(INITIAL_UPLOAD, {
  type: 'invalid',
  errors: [
    { field: 'title', code: 'required' },
    { field: 'file', code: 'required' },
    { field: 'link', code: 'required' },
    { field: 'general', code: 'network' },
  ],
});

describe('uploadReducer: a link accepted for import', () => {
  it('remembers that the video is imported in the background, and forgets it on restart', () => {
    const started = run(INITIAL_UPLOAD, { type: 'begin' }, { type: 'phase', phase: 'import' });
    const imported = run(started, { type: 'succeeded', importing: true });
    expect(imported).toMatchObject({ state: 'success', importing: true });
    expect(run(started, { type: 'succeeded' }).importing).toBe(false);
    expect(run(imported, { type: 'restart' }).importing).toBe(false);
  });
});

describe('uploadReducer: editing', () => {
  it('an edit sets the value, clears its field’s and the general error, and leaves the error state', () => {
    const model = run(refused, editOf('title', 'Sunrise'));
    expect(model.values.title).toBe('Sunrise');
    expect(model.errors.map((e) => e.field)).toEqual(['file', 'link']);
    expect(model.state).toBe('start');
  });

  it('switching the source clears both the file and the link errors', () => {
    const model = run(refused, editOf('source', 'link'));
    expect(model.values.source).toBe('link');
    expect(model.errors.map((e) => e.field)).toEqual(['title']);
  });

  it('an edit during an upload keeps the uploading state', () => {
    const uploading = run(INITIAL_UPLOAD, { type: 'begin' }, editOf('description', 'x'));
    expect(uploading.state).toBe('uploading');
  });

  it('categories toggle on and off', () => {
    const model = run(
      INITIAL_UPLOAD,
      { type: 'toggle-category', id: 4, on: true },
      { type: 'toggle-category', id: 9, on: true },
      { type: 'toggle-category', id: 4, on: false },
    );
    expect(model.values.categories).toEqual([9]);
  });

  it('picking a new file clears only its own error', () => {
    const model = run(refused, { type: 'clear-error', field: 'file' });
    expect(model.errors.map((e) => e.field)).toEqual(['title', 'link', 'general']);
    expect(model.state).toBe('error');
  });
});

describe('uploadReducer: a submit', () => {
  it('local errors show on the fields without an alert', () => {
    const failed = run(INITIAL_UPLOAD, { type: 'failed', answer: { code: 'network' } });
    const model = run(failed, { type: 'invalid', errors: [{ field: 'title', code: 'required' }] });
    expect(model).toMatchObject({
      state: 'error',
      failure: null,
      errors: [{ field: 'title', code: 'required' }],
    });
  });

  it('goes uploading → check → success with the percent of the file', () => {
    let model = run(refused, { type: 'begin' });
    expect(model).toMatchObject({ state: 'uploading', errors: [], failure: null, percent: 0 });
    model = run(
      model,
      { type: 'phase', phase: 'upload' },
      { type: 'progress', percent: percentOf(512, 1024) },
    );
    expect(model).toMatchObject({ phase: 'upload', percent: 50 });
    model = run(model, { type: 'file-sent' });
    expect(model).toMatchObject({ phase: 'check', percent: 100 });
    expect(run(model, { type: 'succeeded' }).state).toBe('success');
  });

  it('a refusal puts its field errors on the inputs and its first one in the alert', () => {
    const codes = [
      { field: 'file', code: 'duplicate_video' },
      { field: 'title', code: 'title_length' },
    ];
    const model = run(
      INITIAL_UPLOAD,
      { type: 'begin' },
      { type: 'failed', answer: { codes, info: { id: 3 } } },
    );
    expect(model).toMatchObject({
      state: 'error',
      errors: codes,
      failure: { error: { field: 'file', code: 'duplicate_video' }, info: { id: 3 } },
    });
  });

  it('a refusal without field errors is one general error, network when nothing came back', () => {
    expect(failureCodes({ code: 'upload_incomplete' })).toEqual([
      { field: 'general', code: 'upload_incomplete' },
    ]);
    expect(failureCodes({ codes: [] })).toEqual([{ field: 'general', code: 'network' }]);
  });

  it('another upload starts from empty values', () => {
    const done = run(INITIAL_UPLOAD, editOf('title', 'x'), { type: 'begin' }, { type: 'succeeded' });
    expect(run(done, { type: 'restart' })).toMatchObject({
      state: 'start',
      values: INITIAL_VALUES,
      errors: [],
    });
  });

  it('percentOf floors, and is 0 before the size is known', () => {
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe('localErrors', () => {
  const valid: Values = { ...INITIAL_VALUES, title: 'Sunrise', categories: [1], preview: 'auto' };
  const clip = new File(['x'], 'clip_01.mp4', { type: 'video/mp4' });
  const size = (answer: ImageSize) => async (): Promise<ImageSize> => answer;

  it('passes a complete form', async () => {
    expect(await localErrors(valid, clip, null)).toEqual([]);
  });

  it('names every missing field, in the order the form shows them', async () => {
    expect(await localErrors(INITIAL_VALUES, null, null)).toEqual([
      { field: 'title', code: 'required' },
      { field: 'categories', code: 'required' },
      { field: 'preview', code: 'preview_not_chosen' },
      { field: 'file', code: 'required' },
    ]);
  });

  it('checks title length, category count, file name and size', async () => {
    const values = { ...valid, title: ' ab ', categories: [1, 2, 3, 4] };
    expect(await localErrors(values, new File(['x'], 'my clip.mp4'), null)).toEqual([
      { field: 'title', code: 'title_length' },
      { field: 'categories', code: 'categories_count' },
      { field: 'file', code: 'file_name_invalid' },
    ]);
    expect(await localErrors(valid, new File(['x'], 'setup.exe'), null)).toEqual([
      { field: 'file', code: 'file_type_not_allowed' },
    ]);
    const huge = { name: 'big.mp4', size: UPLOAD_MAX_BYTES + 1 } as File;
    expect(await localErrors(valid, huge, null)).toEqual([{ field: 'file', code: 'file_too_large' }]);
  });

  it('checks a link instead of a file', async () => {
    const link = { ...valid, source: 'link' as const };
    expect(await localErrors({ ...link, link: ' https://example.com/v ' }, null, null)).toEqual([]);
    expect(await localErrors({ ...link, link: 'ftp://x' }, null, null)).toEqual([
      { field: 'link', code: 'invalid' },
    ]);
    expect(await localErrors({ ...link, link: '  ' }, null, null)).toEqual([
      { field: 'link', code: 'required' },
    ]);
  });

  it('an own preview image must be there, readable and at least 1250x250', async () => {
    const image = new File(['x'], 'p.jpg', { type: 'image/jpeg' });
    const own = { ...valid, preview: 'image' as const };
    expect(await localErrors(own, clip, null, size(null))).toEqual([
      { field: 'preview_image', code: 'preview_not_chosen' },
    ]);
    expect(await localErrors(own, clip, image, size(null))).toEqual([
      { field: 'preview_image', code: 'preview_upload_error' },
    ]);
    expect(await localErrors(own, clip, image, size({ width: 1249, height: 400 }))).toEqual([
      { field: 'preview_image', code: 'image_too_small' },
    ]);
    expect(await localErrors(own, clip, image, size({ width: 1250, height: 250 }))).toEqual([]);
  });
});

describe('videoEditForm', () => {
  const values: Values = {
    ...INITIAL_VALUES,
    title: ' Sunrise ',
    description: ' Ten minutes. ',
    categories: [3, 7],
    visibility: '1',
    channel: '5',
    exclusive: true,
    preview: 'image',
    link: ' https://example.com/v ',
  };

  it('sends the upload id, then the details, in the page’s order', () => {
    const image = new File(['x'], 'p.jpg');
    const form = videoEditForm(values, 'a'.repeat(32), image);
    expect([...form.keys()]).toEqual([
      'upload_id',
      'title',
      'description',
      'gender',
      'categories[]',
      'categories[]',
      'visibility',
      'channel',
      'exclusive',
      'preview',
      'preview_image',
    ]);
    expect(form.get('title')).toBe('Sunrise');
    expect(form.get('description')).toBe('Ten minutes.');
    expect(form.getAll('categories[]')).toEqual(['3', '7']);
    expect(form.get('exclusive')).toBe('1');
    expect(form.get('preview_image')).toBeInstanceOf(File);
  });

  it('sends the trimmed link instead when there is no file', () => {
    const form = videoEditForm({ ...values, exclusive: false, preview: 'auto' }, null, null);
    expect(form.get('link')).toBe('https://example.com/v');
    expect(form.has('upload_id')).toBe(false);
    expect(form.get('exclusive')).toBe('0');
    expect(form.has('preview_image')).toBe(false);
  });
});

describe('answerOf', () => {
  it('reads the API’s refusal, an answer without JSON, and no answer', () => {
    const codes = [{ field: 'file', code: 'duplicate_video' }];
    expect(answerOf(new ApiError(400, { code: 'duplicate_video', codes, info: { id: 2 } }))).toEqual({
      code: 'duplicate_video',
      codes,
      info: { id: 2 },
    });
    expect(answerOf(new ApiError(413, null))).toMatchObject({ code: 'http_413' });
    expect(answerOf(new ApiError(0, null))).toMatchObject({ code: 'network' });
    // JSON without a code: the form falls back to network, as it always did.
    expect(failureCodes(answerOf(new ApiError(500, {})))).toEqual([{ field: 'general', code: 'network' }]);
  });

  it('passes tus’s parsed answer through', () => {
    expect(answerOf({ code: 'file_too_large' })).toEqual({ code: 'file_too_large' });
    expect(failureCodes(answerOf(new Error('boom')))).toEqual([{ field: 'general', code: 'network' }]);
  });
});
