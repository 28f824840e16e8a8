// Where the video comes from: a file picked here (sent over tus on submit) or a link to import.
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ALLOWED_EXTENSIONS } from '../../../contract/upload-values.ts';
import { FilePicker } from '../file-picker.tsx';
import { FieldErrorText, type FieldKit, fieldProps, inputClass } from './field-kit.tsx';
import type { Values } from './upload-state.ts';

/** The file picker offers the allowed extensions (content.md §5) and any video type. */
const FILE_ACCEPT = [...ALLOWED_EXTENSIONS.map((e) => `.${e}`), 'video/*'].join(',');

export function SourceFields({
  kit,
  values,
  fileRef,
  onSource,
  onLink,
  onFilePicked,
}: {
  kit: FieldKit;
  values: Values;
  fileRef: RefObject<HTMLInputElement | null>;
  onSource: (source: Values['source']) => void;
  onLink: (link: string) => void;
  onFilePicked: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
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
                onChange={() => onSource(source)}
              />
              {t(source === 'file' ? 'upload.source_file' : 'upload.source_link')}
            </label>
          ))}
        </div>
      </div>
      {values.source === 'file' ? (
        <div className="form-field">
          <label htmlFor={`${kit.id}-file`}>{t('upload.field_file')}</label>
          <FilePicker
            id={`${kit.id}-file`}
            ref={fileRef}
            name="file"
            accept={FILE_ACCEPT}
            className={inputClass(kit, 'file')}
            onChange={onFilePicked}
            {...fieldProps(kit, 'file')}
          />
          <p className="form-field__hint">{t('upload.file_hint')}</p>
          <FieldErrorText kit={kit} field="file" />
        </div>
      ) : (
        <div className="form-field">
          <label htmlFor={`${kit.id}-link`}>{t('upload.field_link')}</label>
          <input
            id={`${kit.id}-link`}
            name="link"
            type="url"
            inputMode="url"
            placeholder="https://"
            className={inputClass(kit, 'link')}
            value={values.link}
            onChange={(e) => onLink(e.target.value)}
            {...fieldProps(kit, 'link')}
          />
          <FieldErrorText kit={kit} field="link" />
        </div>
      )}
    </>
  );
}
