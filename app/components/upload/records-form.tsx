// The upload's records step (issue 31; 18 U.S.C. 2257 and the card networks' rules): after a member's
// upload, the video waits in moderation until its performer records are checked. Per performer: stage
// name, legal name, date of birth, an image of their identity document, and the consent form they sign
// (the statement, a tick and their legal name typed as the signature). The performer is named as a model
// of the catalogue (picked from a suggestion list, model-picker.tsx) or as a new stage name. The browser
// checks the same rules as the server (contract/records-values.ts) before sending;
// POST /api/video_records.php.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../contract/errors.ts';
import {
  ID_IMAGE_ACCEPT,
  PERFORMER_NAME_MAX,
  PERFORMERS_MAX,
  performerField,
  recordsFieldErrors,
} from '../../../contract/records-values.ts';
import { ApiError } from '../../lib/api-client.ts';
import { sendRecords } from '../../lib/records-api.ts';
import { FilePicker } from '../file-picker.tsx';
import { ModelPicker } from './model-picker.tsx';

interface PerformerDraft {
  key: number;
  /** A model of the catalogue picked (its id), or '' for a new stage name. */
  model_id: string;
  stage_name: string;
  legal_name: string;
  birth_date: string;
  consent: boolean;
  signature: string;
  file: File | null;
}

let nextKey = 1;
const blank = (): PerformerDraft => ({
  key: nextKey++,
  model_id: '',
  stage_name: '',
  legal_name: '',
  birth_date: '',
  consent: false,
  signature: '',
  file: null,
});

type Phase = 'edit' | 'sending' | 'sent';

export function RecordsForm({
  videoId,
  titled = true,
}: {
  videoId: number;
  /** False where the page's own heading names the records already: the form's title is for screen readers only. */
  titled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [recordedOn, setRecordedOn] = useState('');
  const [performers, setPerformers] = useState<PerformerDraft[]>(() => [blank()]);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [phase, setPhase] = useState<Phase>('edit');
  const [failure, setFailure] = useState<string | null>(null);
  const tx = t as unknown as (key: string, params?: Record<string, unknown>) => string;
  const message = (code: string) =>
    i18n.exists(`upload.records.error.${code}`)
      ? tx(`upload.records.error.${code}`, { max: PERFORMERS_MAX })
      : tx('upload.records.error.generic', { code });
  const errorOf = (field: string) => errors.find((e) => e.field === field);
  const fieldAttrs = (field: string) => {
    const error = errorOf(field);
    return {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${field}-error` : undefined,
      className: error ? 'input has-error' : 'input',
    };
  };
  const ErrorText = ({ field }: { field: string }) => {
    const error = errorOf(field);
    return error ? (
      <p id={`${id}-${field}-error`} className="form-field__error" role="alert">
        {message(error.code)}
      </p>
    ) : null;
  };
  // A field's message goes once the field is edited (the next send checks everything again).
  const clear = (fields: string[]) => setErrors((list) => list.filter((e) => !fields.includes(e.field)));
  const change = (index: number, patch: Partial<PerformerDraft>) => {
    setPerformers((list) => list.map((p, i) => (i === index ? { ...p, ...patch } : p)));
    const names = Object.keys(patch).map((k) => (k === 'file' ? 'id_image' : k));
    clear(names.map((name) => performerField(index, name)));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (phase !== 'edit') return;
    const fields = performers.map((p) => ({
      model_id: p.model_id,
      stage_name: p.stage_name,
      legal_name: p.legal_name,
      birth_date: p.birth_date,
      consent: p.consent ? '1' : '',
      signature: p.signature,
    }));
    const local = recordsFieldErrors(
      { recorded_on: recordedOn, performers: fields },
      (i) => !!performers[i]?.file,
    );
    setErrors(local);
    setFailure(null);
    if (local.length > 0) return;
    const form = new FormData();
    form.append('video_id', String(videoId));
    form.append('recorded_on', recordedOn);
    form.append('language', i18n.language);
    fields.forEach((f, i) => {
      for (const [name, value] of Object.entries(f)) form.append(performerField(i, name), value);
      const file = performers[i]?.file;
      if (file) form.append(performerField(i, 'id_image'), file);
    });
    setPhase('sending');
    try {
      await sendRecords(form);
      setPhase('sent');
    } catch (error) {
      setPhase('edit');
      if (error instanceof ApiError && error.codes.length > 0) setErrors(error.codes);
      else setFailure(error instanceof ApiError ? error.code : 'network');
    }
  }

  if (phase === 'sent') {
    return (
      <div className="upload-result records-form__done" role="status" data-state="records-sent">
        <p className="upload-result__text">{t('upload.records.sent')}</p>
      </div>
    );
  }

  const busy = phase === 'sending';
  return (
    <form className="upload-form records-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={titled ? 'records-form__title' : 'sr-only'}>
        {t('upload.records.title')}
      </h2>
      <p className="form-field__hint">{t('upload.records.intro')}</p>
      {failure ? (
        <p className="upload-form__alert" role="alert">
          {message(failure)}
        </p>
      ) : null}
      <fieldset className="upload-form__group" disabled={busy}>
        <div className="form-field">
          <label htmlFor={`${id}-recorded_on`}>{t('upload.records.recorded_on')}</label>
          <input
            id={`${id}-recorded_on`}
            type="date"
            name="recorded_on"
            value={recordedOn}
            onChange={(e) => {
              setRecordedOn(e.target.value);
              clear(['recorded_on']);
            }}
            {...fieldAttrs('recorded_on')}
          />
          <ErrorText field="recorded_on" />
        </div>
        <ErrorText field="performers" />
        {performers.map((p, i) => {
          const f = (name: string) => performerField(i, name);
          const inputId = (name: string) => `${id}-p${p.key}-${name}`;
          return (
            <fieldset key={p.key} className="records-form__performer" data-performer={i}>
              <legend>{t('upload.records.performer', { n: i + 1 })}</legend>
              <div className="form-field">
                <label htmlFor={inputId('stage_name')}>{t('upload.records.stage_name')}</label>
                <ModelPicker
                  id={inputId('stage_name')}
                  value={{ stage_name: p.stage_name, model_id: p.model_id }}
                  onChange={(next) => change(i, next)}
                  inputProps={fieldAttrs(f(errorOf(f('model_id')) ? 'model_id' : 'stage_name'))}
                />
                <ErrorText field={f('stage_name')} />
                <ErrorText field={f('model_id')} />
              </div>
              <div className="form-field">
                <label htmlFor={inputId('legal_name')}>{t('upload.records.legal_name')}</label>
                <input
                  id={inputId('legal_name')}
                  maxLength={PERFORMER_NAME_MAX}
                  autoComplete="off"
                  value={p.legal_name}
                  onChange={(e) => change(i, { legal_name: e.target.value })}
                  {...fieldAttrs(f('legal_name'))}
                />
                <ErrorText field={f('legal_name')} />
              </div>
              <div className="form-field">
                <label htmlFor={inputId('birth_date')}>{t('upload.records.birth_date')}</label>
                <input
                  id={inputId('birth_date')}
                  type="date"
                  value={p.birth_date}
                  onChange={(e) => change(i, { birth_date: e.target.value })}
                  {...fieldAttrs(f('birth_date'))}
                />
                <ErrorText field={f('birth_date')} />
              </div>
              <div className="form-field">
                <label htmlFor={inputId('id_image')}>{t('upload.records.id_image')}</label>
                <FilePicker
                  id={inputId('id_image')}
                  accept={ID_IMAGE_ACCEPT}
                  onChange={(e) => change(i, { file: e.target.files?.[0] ?? null })}
                  aria-invalid={errorOf(f('id_image')) ? true : undefined}
                  aria-describedby={errorOf(f('id_image')) ? `${id}-${f('id_image')}-error` : undefined}
                />
                <p className="form-field__hint">{t('upload.records.id_image_hint')}</p>
                <ErrorText field={f('id_image')} />
              </div>
              <div className="records-form__consent">
                <p className="records-form__consent-title">{t('upload.records.consent_title')}</p>
                <blockquote className="records-form__statement">{t('upload.records.statement')}</blockquote>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={p.consent}
                    onChange={(e) => change(i, { consent: e.target.checked })}
                    aria-invalid={errorOf(f('consent')) ? true : undefined}
                  />{' '}
                  {t('upload.records.consent')}
                </label>
                <ErrorText field={f('consent')} />
                <div className="form-field">
                  <label htmlFor={inputId('signature')}>{t('upload.records.signature')}</label>
                  <input
                    id={inputId('signature')}
                    maxLength={PERFORMER_NAME_MAX}
                    autoComplete="off"
                    value={p.signature}
                    onChange={(e) => change(i, { signature: e.target.value })}
                    {...fieldAttrs(f('signature'))}
                    className={`${fieldAttrs(f('signature')).className} records-form__signature`}
                  />
                  <p className="form-field__hint">{t('upload.records.signature_hint')}</p>
                  <ErrorText field={f('signature')} />
                </div>
              </div>
              {performers.length > 1 ? (
                <button
                  type="button"
                  className="button records-form__remove"
                  onClick={() => setPerformers((list) => list.filter((_, j) => j !== i))}
                >
                  {t('upload.records.remove')}
                </button>
              ) : null}
            </fieldset>
          );
        })}
        {performers.length < PERFORMERS_MAX ? (
          <button
            type="button"
            className="button"
            onClick={() => setPerformers((list) => [...list, blank()])}
          >
            {t('upload.records.add')}
          </button>
        ) : null}
      </fieldset>
      <button type="submit" className="button button--primary upload-form__submit" disabled={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {t('upload.records.submit')}
      </button>
    </form>
  );
}
