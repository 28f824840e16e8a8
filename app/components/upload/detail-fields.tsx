// The video's details: title, description, orientation, visibility, channel, categories (1 to 3 of
// the chosen orientation), exclusive, and the preview choice with its image.
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES_MAX, DESCRIPTION_MAX, TITLE_MAX } from '../../../contract/upload-values.ts';
import { FilePicker } from '../file-picker.tsx';
import { FieldErrorText, type FieldKit, fieldProps, inputClass } from './field-kit.tsx';
import type { Values } from './upload-state.ts';

export interface UploadFormOptions {
  categories: { id: number; title: string; gender: string }[];
  channels: { id: number; title: string }[];
}

export type EditField = <K extends keyof Values>(field: K, value: Values[K]) => void;

interface Props {
  kit: FieldKit;
  values: Values;
  edit: EditField;
}

export function TextFields({ kit, values, edit }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <div className="form-field">
        <label htmlFor={`${kit.id}-title`}>{t('upload.field_title')}</label>
        <input
          id={`${kit.id}-title`}
          name="title"
          maxLength={TITLE_MAX}
          className={inputClass(kit, 'title')}
          value={values.title}
          onChange={(e) => edit('title', e.target.value)}
          {...fieldProps(kit, 'title')}
        />
        <FieldErrorText kit={kit} field="title" />
      </div>
      <div className="form-field">
        <label htmlFor={`${kit.id}-description`}>{t('upload.field_description')}</label>
        <textarea
          id={`${kit.id}-description`}
          name="description"
          rows={4}
          maxLength={DESCRIPTION_MAX}
          className={inputClass(kit, 'description')}
          value={values.description}
          onChange={(e) => edit('description', e.target.value)}
          {...fieldProps(kit, 'description')}
        />
        <FieldErrorText kit={kit} field="description" />
      </div>
    </>
  );
}

export function ChoiceFields({
  kit,
  values,
  edit,
  channels,
}: Props & { channels: UploadFormOptions['channels'] }) {
  const { t } = useTranslation();
  return (
    <div className="upload-form__row">
      <div className="form-field">
        <label htmlFor={`${kit.id}-gender`}>{t('upload.field_gender')}</label>
        <select
          id={`${kit.id}-gender`}
          name="gender"
          className={inputClass(kit, 'gender')}
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
        <label htmlFor={`${kit.id}-visibility`}>{t('upload.field_visibility')}</label>
        <select
          id={`${kit.id}-visibility`}
          name="visibility"
          className={inputClass(kit, 'visibility')}
          value={values.visibility}
          onChange={(e) => edit('visibility', e.target.value as Values['visibility'])}
        >
          <option value="0">{t('upload.visibility_0')}</option>
          <option value="1">{t('upload.visibility_1')}</option>
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={`${kit.id}-channel`}>{t('upload.field_channel')}</label>
        <select
          id={`${kit.id}-channel`}
          name="channel"
          className={inputClass(kit, 'channel')}
          value={values.channel}
          onChange={(e) => edit('channel', e.target.value)}
          {...fieldProps(kit, 'channel')}
        >
          <option value="">{t('upload.channel_none')}</option>
          {channels.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
        <FieldErrorText kit={kit} field="channel" />
      </div>
    </div>
  );
}

/** The chosen orientation's categories as chips; past the maximum the others are disabled. */
export function CategoryChips({
  kit,
  values,
  categories,
  onToggle,
}: {
  kit: FieldKit;
  values: Values;
  categories: UploadFormOptions['categories'];
  onToggle: (id: number, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="form-field upload-form__categories" {...fieldProps(kit, 'categories')}>
      <legend>{t('upload.field_categories')}</legend>
      <p className="form-field__hint">{t('upload.categories_hint')}</p>
      <div className="upload-form__chips">
        {categories
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
                  onChange={(e) => onToggle(c.id, e.target.checked)}
                />
                {c.title}
              </label>
            );
          })}
      </div>
      <FieldErrorText kit={kit} field="categories" />
    </fieldset>
  );
}

export function ExclusiveField({ values, edit }: Omit<Props, 'kit'>) {
  const { t } = useTranslation();
  return (
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
  );
}

/** "Choose a frame for me" or an own image (at least 1250x250, checked on submit). */
export function PreviewFields({
  kit,
  values,
  edit,
  imageRef,
  onImagePicked,
}: Props & { imageRef: RefObject<HTMLInputElement | null>; onImagePicked: () => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="form-field upload-form__preview" {...fieldProps(kit, 'preview')}>
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
      <FieldErrorText kit={kit} field="preview" />
      {values.preview === 'image' && (
        <div className="form-field">
          <label htmlFor={`${kit.id}-preview-image`}>{t('upload.field_preview_image')}</label>
          <FilePicker
            id={`${kit.id}-preview-image`}
            ref={imageRef}
            name="preview_image"
            accept="image/jpeg,image/png,image/webp"
            className={inputClass(kit, 'preview_image')}
            onChange={onImagePicked}
            {...fieldProps(kit, 'preview_image')}
          />
          <FieldErrorText kit={kit} field="preview_image" />
        </div>
      )}
    </fieldset>
  );
}
