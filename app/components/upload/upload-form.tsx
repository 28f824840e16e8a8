// The upload form (content.md §3, §4, §5): title, description, orientation, categories (1 to 3),
// visibility (0 public, 1 private), channel, exclusive, preview choice, a video file (tus, resumable,
// with a progress bar) or a link. States: start → uploading (progress) → success | error.
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../contract/accounts.ts';
import {
  ALLOWED_EXTENSIONS,
  CATEGORIES_MAX,
  CATEGORIES_MIN,
  isValidFileName,
  PREVIEW_MIN_HEIGHT,
  PREVIEW_MIN_WIDTH,
  TITLE_MAX,
  TITLE_MIN,
  TUS_PATH,
  UPLOAD_MAX_BYTES,
  VIDEO_EDIT_PATH,
} from '../../../contract/upload.ts';
import { errorsOf } from '../../lib/account-api.ts';

export type UploadState = 'start' | 'uploading' | 'success' | 'error';

export interface UploadFormOptions {
  categories: { id: number; title: string; gender: string }[];
  channels: { id: number; title: string }[];
}

interface Values {
  title: string;
  description: string;
  gender: 'str' | 'gay' | 'shemale';
  categories: number[];
  visibility: '0' | '1';
  channel: string;
  exclusive: boolean;
  preview: '' | 'auto' | 'image';
  source: 'file' | 'link';
  link: string;
}

const INITIAL: Values = {
  title: '',
  description: '',
  gender: 'str',
  categories: [],
  visibility: '0',
  channel: '',
  exclusive: false,
  preview: '',
  source: 'file',
  link: '',
};

/** Width and height of a picked image (the server checks again). */
function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(null);
    };
    img.src = url;
  });
}

/** The checks that need no server, with the server's codes. */
async function localErrors(values: Values, file: File | null, image: File | null): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const title = values.title.trim();
  if (!title) errors.push({ field: 'title', code: 'required' });
  else if (title.length < TITLE_MIN || title.length > TITLE_MAX)
    errors.push({ field: 'title', code: 'title_length' });
  if (values.categories.length < CATEGORIES_MIN) errors.push({ field: 'categories', code: 'required' });
  if (values.categories.length > CATEGORIES_MAX)
    errors.push({ field: 'categories', code: 'categories_count' });
  if (!values.preview) errors.push({ field: 'preview', code: 'preview_not_chosen' });
  if (values.preview === 'image') {
    if (!image) errors.push({ field: 'preview_image', code: 'preview_not_chosen' });
    else {
      const size = await imageSize(image);
      if (!size) errors.push({ field: 'preview_image', code: 'preview_upload_error' });
      else if (size.width < PREVIEW_MIN_WIDTH || size.height < PREVIEW_MIN_HEIGHT)
        errors.push({ field: 'preview_image', code: 'image_too_small' });
    }
  }
  if (values.source === 'file') {
    if (!file) errors.push({ field: 'file', code: 'required' });
    else if (!isValidFileName(file.name)) errors.push({ field: 'file', code: 'file_name_invalid' });
    else if (file.size > UPLOAD_MAX_BYTES) errors.push({ field: 'file', code: 'file_too_large' });
  } else if (!/^https?:\/\/\S+$/i.test(values.link.trim())) {
    errors.push({ field: 'link', code: values.link.trim() ? 'invalid' : 'required' });
  }
  return errors;
}

interface ServerAnswer {
  ok?: boolean;
  video_id?: number;
  code?: string;
  codes?: FieldError[];
  info?: Record<string, unknown>;
}

export function UploadForm({ options }: { options: UploadFormOptions }) {
  const { t, i18n } = useTranslation();
  const tx = t as unknown as (key: string, params?: Record<string, unknown>) => string;
  const id = useId();
  const [values, setValues] = useState<Values>(INITIAL);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [state, setState] = useState<UploadState>('start');
  const [phase, setPhase] = useState<'upload' | 'check' | 'import'>('upload');
  const [percent, setPercent] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const imageRef = useRef<HTMLInputElement>(null);

  const message = (error: FieldError, info?: Record<string, unknown>) => {
    const params = { min: CATEGORIES_MIN, max: CATEGORIES_MAX, code: error.code, ...info };
    const key = `upload.error.${error.code}`;
    return i18n.exists(key) ? tx(key, params) : tx('upload.error.generic', params);
  };

  function edit<K extends keyof Values>(field: K, value: Values[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    const cleared = field === 'source' ? ['file', 'link'] : [field === 'preview' ? 'preview' : field];
    setErrors((list) => list.filter((e) => !cleared.includes(e.field) && e.field !== 'general'));
    if (state === 'error') setState('start');
  }

  function toggleCategory(categoryId: number, on: boolean) {
    edit(
      'categories',
      on ? [...values.categories, categoryId] : values.categories.filter((c) => c !== categoryId),
    );
  }

  function fail(answer: ServerAnswer) {
    const codes = answer.codes?.length
      ? answer.codes
      : [{ field: 'general', code: answer.code ?? 'network' }];
    setErrors(codes);
    setFailure(message(codes[0] as FieldError, answer.info));
    setState('error');
  }

  /** tus: resumes an earlier upload of the same file (fingerprint in localStorage). Resolves its id. */
  async function sendFile(file: File): Promise<string> {
    const tus = await import('tus-js-client');
    return new Promise((resolve, reject) => {
      const upload = new tus.Upload(file, {
        endpoint: TUS_PATH,
        metadata: { filename: file.name, filetype: file.type },
        chunkSize: 64 * 1024 * 1024,
        retryDelays: [0, 1000, 3000, 5000, 10000],
        removeFingerprintOnSuccess: true,
        onProgress: (sent, total) => setPercent(total > 0 ? Math.floor((sent / total) * 100) : 0),
        onSuccess: () => resolve((upload.url ?? '').split('/').pop() ?? ''),
        onError: (error) => {
          const body = (
            error as { originalResponse?: { getBody(): string } | null }
          ).originalResponse?.getBody();
          try {
            reject(JSON.parse(body ?? '') as ServerAnswer);
          } catch {
            reject({ code: 'network' } satisfies ServerAnswer);
          }
        },
        // A refused create (name, size) is final: no retries.
        onShouldRetry: (error) => {
          const status =
            (error as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus() ??
            0;
          return status === 0 || status >= 500 || status === 409 || status === 423;
        },
      });
      upload.findPreviousUploads().then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      }, reject);
    });
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (state === 'uploading') return;
    const file = values.source === 'file' ? (fileRef.current?.files?.[0] ?? null) : null;
    const image = values.preview === 'image' ? (imageRef.current?.files?.[0] ?? null) : null;
    const local = await localErrors(values, file, image);
    if (local.length > 0) {
      setErrors(local);
      setFailure(null);
      setState('error');
      return;
    }
    setErrors([]);
    setFailure(null);
    setPercent(0);
    setState('uploading');
    try {
      const form = new FormData();
      if (file) {
        setPhase('upload');
        form.append('upload_id', await sendFile(file));
        setPercent(100);
        setPhase('check');
      } else {
        setPhase('import');
        form.append('link', values.link.trim());
      }
      form.append('title', values.title.trim());
      form.append('description', values.description.trim());
      form.append('gender', values.gender);
      for (const c of values.categories) form.append('categories[]', String(c));
      form.append('visibility', values.visibility);
      form.append('channel', values.channel);
      form.append('exclusive', values.exclusive ? '1' : '0');
      form.append('preview', values.preview);
      if (image) form.append('preview_image', image);
      const response = await fetch(VIDEO_EDIT_PATH, {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
      });
      const answer = (await response
        .json()
        .catch(() => ({ code: `http_${response.status}` }))) as ServerAnswer;
      if (response.ok && answer.ok) {
        setState('success');
        return;
      }
      fail(answer);
    } catch (error) {
      fail(error as ServerAnswer);
    }
  }

  function restart() {
    setValues(INITIAL);
    setErrors([]);
    setFailure(null);
    setPercent(0);
    setState('start');
    if (fileRef.current) fileRef.current.value = '';
    if (imageRef.current) imageRef.current.value = '';
  }

  if (state === 'success') {
    return (
      <div className="upload-result" data-state="success" role="status">
        <p className="upload-result__text">{t('upload.success')}</p>
        <button type="button" className="button" onClick={restart}>
          {t('upload.another')}
        </button>
      </div>
    );
  }

  const busy = state === 'uploading';
  const fieldProps = (field: string) => {
    const has = errorsOf(errors, field).length > 0;
    return {
      'aria-invalid': has,
      'aria-describedby': has ? `${id}-${field}-error` : undefined,
    };
  };
  const fieldError = (field: string) => {
    const list = errorsOf(errors, field);
    if (list.length === 0) return null;
    return (
      <p id={`${id}-${field}-error`} className="form-field__error" role="alert">
        {list.map((e) => message(e)).join(' ')}
      </p>
    );
  };
  const cls = (field: string, base = 'input') =>
    errorsOf(errors, field).length > 0 ? `${base} has-error` : base;

  return (
    <form className="upload-form" noValidate onSubmit={submit} data-state={state} aria-busy={busy}>
      {state === 'error' && failure && (
        <p className="upload-form__alert" role="alert" data-testid="upload-error">
          {failure}
        </p>
      )}
      <fieldset className="upload-form__group" disabled={busy}>
        <div className="form-field">
          <span className="form-field__label">{t('upload.field_source')}</span>
          <div className="upload-form__tabs" role="radiogroup" aria-label={t('upload.field_source')}>
            {(['file', 'link'] as const).map((source) => (
              <label key={source} className="upload-form__tab">
                <input
                  type="radio"
                  name="source"
                  value={source}
                  checked={values.source === source}
                  onChange={() => edit('source', source)}
                />
                {t(source === 'file' ? 'upload.source_file' : 'upload.source_link')}
              </label>
            ))}
          </div>
        </div>
        {values.source === 'file' ? (
          <div className="form-field">
            <label htmlFor={`${id}-file`}>{t('upload.field_file')}</label>
            <input
              id={`${id}-file`}
              ref={fileRef}
              name="file"
              type="file"
              accept={[...ALLOWED_EXTENSIONS.map((e) => `.${e}`), 'video/*'].join(',')}
              className={cls('file')}
              onChange={() => setErrors((list) => list.filter((e) => e.field !== 'file'))}
              {...fieldProps('file')}
            />
            <p className="form-field__hint">{t('upload.file_hint')}</p>
            {fieldError('file')}
          </div>
        ) : (
          <div className="form-field">
            <label htmlFor={`${id}-link`}>{t('upload.field_link')}</label>
            <input
              id={`${id}-link`}
              name="link"
              type="url"
              inputMode="url"
              placeholder="https://"
              className={cls('link')}
              value={values.link}
              onChange={(e) => edit('link', e.target.value)}
              {...fieldProps('link')}
            />
            {fieldError('link')}
          </div>
        )}
        <div className="form-field">
          <label htmlFor={`${id}-title`}>{t('upload.field_title')}</label>
          <input
            id={`${id}-title`}
            name="title"
            maxLength={TITLE_MAX}
            className={cls('title')}
            value={values.title}
            onChange={(e) => edit('title', e.target.value)}
            {...fieldProps('title')}
          />
          {fieldError('title')}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-description`}>{t('upload.field_description')}</label>
          <textarea
            id={`${id}-description`}
            name="description"
            rows={4}
            maxLength={2000}
            className={cls('description')}
            value={values.description}
            onChange={(e) => edit('description', e.target.value)}
            {...fieldProps('description')}
          />
          {fieldError('description')}
        </div>
        <div className="upload-form__row">
          <div className="form-field">
            <label htmlFor={`${id}-gender`}>{t('upload.field_gender')}</label>
            <select
              id={`${id}-gender`}
              name="gender"
              className={cls('gender')}
              value={values.gender}
              onChange={(e) => edit('gender', e.target.value as Values['gender'])}
            >
              {(['str', 'gay', 'shemale'] as const).map((g) => (
                <option key={g} value={g}>
                  {t(`orientation.${g}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-visibility`}>{t('upload.field_visibility')}</label>
            <select
              id={`${id}-visibility`}
              name="visibility"
              className={cls('visibility')}
              value={values.visibility}
              onChange={(e) => edit('visibility', e.target.value as Values['visibility'])}
            >
              <option value="0">{t('upload.visibility_0')}</option>
              <option value="1">{t('upload.visibility_1')}</option>
            </select>
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-channel`}>{t('upload.field_channel')}</label>
            <select
              id={`${id}-channel`}
              name="channel"
              className={cls('channel')}
              value={values.channel}
              onChange={(e) => edit('channel', e.target.value)}
              {...fieldProps('channel')}
            >
              <option value="">{t('upload.channel_none')}</option>
              {options.channels.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
            {fieldError('channel')}
          </div>
        </div>
        <fieldset className="form-field upload-form__categories" {...fieldProps('categories')}>
          <legend>{t('upload.field_categories')}</legend>
          <p className="form-field__hint">{t('upload.categories_hint')}</p>
          <div className="upload-form__chips">
            {options.categories
              .filter((c) => c.gender === values.gender)
              .map((c) => {
                const on = values.categories.includes(c.id);
                return (
                  <label key={c.id} className={on ? 'upload-chip upload-chip--on' : 'upload-chip'}>
                    <input
                      type="checkbox"
                      name="categories[]"
                      value={c.id}
                      checked={on}
                      disabled={!on && values.categories.length >= CATEGORIES_MAX}
                      onChange={(e) => toggleCategory(c.id, e.target.checked)}
                    />
                    {c.title}
                  </label>
                );
              })}
          </div>
          {fieldError('categories')}
        </fieldset>
        <div className="form-field">
          <label className="upload-form__check">
            <input
              type="checkbox"
              name="exclusive"
              checked={values.exclusive}
              onChange={(e) => edit('exclusive', e.target.checked)}
            />
            {t('upload.field_exclusive')}
          </label>
        </div>
        <fieldset className="form-field upload-form__preview" {...fieldProps('preview')}>
          <legend>{t('upload.field_preview')}</legend>
          {(['auto', 'image'] as const).map((choice) => (
            <label key={choice} className="upload-form__check">
              <input
                type="radio"
                name="preview"
                value={choice}
                checked={values.preview === choice}
                onChange={() => edit('preview', choice)}
              />
              {t(choice === 'auto' ? 'upload.preview_auto' : 'upload.preview_image')}
            </label>
          ))}
          {fieldError('preview')}
          {values.preview === 'image' && (
            <div className="form-field">
              <label htmlFor={`${id}-preview-image`}>{t('upload.field_preview_image')}</label>
              <input
                id={`${id}-preview-image`}
                ref={imageRef}
                name="preview_image"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className={cls('preview_image')}
                onChange={() => setErrors((list) => list.filter((e) => e.field !== 'preview_image'))}
                {...fieldProps('preview_image')}
              />
              {fieldError('preview_image')}
            </div>
          )}
        </fieldset>
        <p className="form-field__hint">{t('upload.rules')}</p>
      </fieldset>
      {busy && (
        <div className="upload-progress">
          {phase !== 'import' ? (
            <>
              <div
                className="upload-progress__bar"
                role="progressbar"
                aria-label={t('upload.progress_label')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <span style={{ width: `${percent}%` }} />
              </div>
              <p className="upload-progress__text" role="status">
                {phase === 'upload' ? t('upload.uploading', { percent }) : t('upload.checking')}
              </p>
            </>
          ) : (
            <p className="upload-progress__text" role="status">
              {t('upload.importing')}
            </p>
          )}
        </div>
      )}
      <button type="submit" className="button button--primary upload-form__submit" disabled={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {t('upload.submit')}
      </button>
    </form>
  );
}
