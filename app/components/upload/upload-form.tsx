// The upload form (content.md §3, §4, §5): title, description, orientation, categories (1 to 3),
// visibility (0 public, 1 private), channel, exclusive, preview choice, a video file (tus, resumable,
// with a progress bar) or a link. States: start → uploading (progress) → success | error.
//
// The state is one reducer (upload-state.ts) run by useUpload (use-upload.ts: checks, tus, the details
// call); the inputs are grouped by concern in source-fields.tsx and detail-fields.tsx.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CategoryChips,
  ChoiceFields,
  ExclusiveField,
  PreviewFields,
  TextFields,
  type UploadFormOptions,
} from './detail-fields.tsx';
import { type FieldKit, useUploadMessage } from './field-kit.tsx';
import { RecordsForm } from './records-form.tsx';
import { SourceFields } from './source-fields.tsx';
import { UploadProgress, UploadSuccess } from './upload-progress.tsx';
import { useUpload } from './use-upload.ts';

export type { UploadState } from './upload-state.ts';
export type { UploadFormOptions };

export function UploadForm({
  options,
  recordsRequired = false,
}: {
  options: UploadFormOptions;
  /** Performer records required (issue 31): after the upload, the records step (records-form.tsx). */
  recordsRequired?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const message = useUploadMessage();
  const { model, fileRef, imageRef, edit, toggleCategory, clearError, submit, restart } = useUpload();
  const { values, state, failure } = model;

  if (state === 'success') {
    return (
      <>
        <UploadSuccess onRestart={restart} importing={model.importing} />
        {recordsRequired && model.videoId !== null ? <RecordsForm videoId={model.videoId} /> : null}
      </>
    );
  }

  const busy = state === 'uploading';
  const kit: FieldKit = { id, errors: model.errors, message };
  return (
    <form className="upload-form" noValidate onSubmit={submit} data-state={state} aria-busy={busy}>
      {state === 'error' && failure && (
        <p className="upload-form__alert" role="alert" data-testid="upload-error">
          {message(failure.error, failure.info)}
        </p>
      )}
      <fieldset className="upload-form__group" disabled={busy}>
        <SourceFields
          kit={kit}
          values={values}
          fileRef={fileRef}
          onSource={(source) => edit('source', source)}
          onLink={(link) => edit('link', link)}
          onFilePicked={() => clearError('file')}
        />
        <TextFields kit={kit} values={values} edit={edit} />
        <ChoiceFields kit={kit} values={values} edit={edit} channels={options.channels} />
        <CategoryChips kit={kit} values={values} categories={options.categories} onToggle={toggleCategory} />
        <ExclusiveField values={values} edit={edit} />
        <PreviewFields
          kit={kit}
          values={values}
          edit={edit}
          imageRef={imageRef}
          onImagePicked={() => clearError('preview_image')}
        />
        <p className="form-field__hint">{t('upload.rules')}</p>
      </fieldset>
      {busy && <UploadProgress phase={model.phase} percent={model.percent} />}
      <button type="submit" className="button button--primary upload-form__submit" disabled={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {t('upload.submit')}
      </button>
    </form>
  );
}
