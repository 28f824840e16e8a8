// The owner's edit page /members/{id}/edit/ (issue 14): one form per section of POST /api/member.php —
// the profile fields (selects with the catalogue's value meanings, the birth date, a country select),
// the avatar and the cover (preview and upload progress); the account's sections (e-mail, password,
// deletion) are in member-account-forms.tsx, the form kit in member-edit-kit.tsx. Server field errors are
// set on their inputs and read through form.error.{code}.
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRevalidator } from 'react-router';
import type { MemberProfile } from '../../../contract/members.ts';
import { MEMBER_GENDERS, ORIENTATIONS, RELATIONSHIPS } from '../../../contract/members-values.ts';
import type { ProfileEditView } from '../../../contract/profile.ts';
import {
  countryList,
  IMAGE_MAX_BYTES,
  IMAGE_RULES,
  type ImageSection,
  PROFILE_MAX_LENGTHS,
  profileFieldErrors,
} from '../../../contract/profile-values.ts';
import { FilePicker } from '../file-picker.tsx';
import { DeleteForm, EmailForm, PasswordForm } from './member-account-forms.tsx';
import { errorText, Field, inputProps, Panel, useSection } from './member-edit-kit.tsx';
import { postProfile, uploadProfileImage } from './profile-api.ts';

export { ClearHistoryButton } from './member-account-forms.tsx';

export function MemberEdit({ member, account }: { member: MemberProfile; account: ProfileEditView }) {
  const { t } = useTranslation();
  const location = useLocation();
  const notice = new URLSearchParams(location.search).get('email');
  return (
    <div className="profile-edit">
      {notice === 'changed' || notice === 'exists' ? (
        <p className={`profile-edit__notice is-${notice}`} role="status">
          {t(notice === 'changed' ? 'profile.email_changed' : 'profile.email_exists')}
        </p>
      ) : null}
      <ProfileFieldsForm member={member} />
      <div className="profile-edit__images">
        <ImageForm section="avatar" current={member.avatar} />
        <ImageForm section="cover" current={member.cover} />
      </div>
      <EmailForm account={account} />
      <PasswordForm hasPassword={account.has_password} />
      <DeleteForm />
    </div>
  );
}

const CODED = [
  ['gender', MEMBER_GENDERS],
  ['relationship', RELATIONSHIPS],
  ['orientation', ORIENTATIONS],
] as const;

function ProfileFieldsForm({ member }: { member: MemberProfile }) {
  const { t, i18n } = useTranslation();
  const { revalidate } = useRevalidator();
  const { errors, setErrors, busy, run } = useSection();
  const base = useId();
  const id = (field: string) => `${base}-${field}`;
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language || 'en'], { type: 'region' });
    return countryList()
      .map((code) => ({ code: code.toLowerCase(), name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [i18n.language]);
  const message = (field: string) => (errors[field] ? errorText(t, field, errors[field]) : undefined);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(
      [...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, String(v)]),
    );
    // The same rules as the server's, so most mistakes show before anything is sent.
    const local = profileFieldErrors(fields);
    if (local.length) {
      setErrors(Object.fromEntries(local.map((e) => [e.field, { code: e.code }])));
      document.getElementById(id(local[0]?.field ?? ''))?.focus();
      return;
    }
    if ((await run(() => postProfile('profile', fields), t('profile.saved'))) !== null) revalidate();
  }

  return (
    <Panel section="profile">
      <form className="profile-form profile-form--fields" noValidate onSubmit={submit}>
        <div className="profile-form__grid">
          {CODED.map(([field, meanings]) => (
            <Field key={field} id={id(field)} label={t(`member.field.${field}`)} error={message(field)}>
              <select
                name={field}
                defaultValue={member[field] ?? ''}
                {...inputProps(id(field), errors[field])}
              >
                <option value="">{t('profile.not_set')}</option>
                {Object.entries(meanings).map(([code, meaning]) => (
                  <option key={code} value={code}>
                    {t(`member.${field}.${meaning}` as 'member.gender.male')}
                  </option>
                ))}
              </select>
            </Field>
          ))}
          <Field id={id('birth_date')} label={t('member.field.birth_date')} error={message('birth_date')}>
            <input
              type="date"
              name="birth_date"
              defaultValue={member.birth_date ?? ''}
              {...inputProps(id('birth_date'), errors.birth_date)}
            />
          </Field>
          <Field id={id('country')} label={t('member.field.country')} error={message('country')}>
            <select
              name="country"
              defaultValue={member.country ?? ''}
              {...inputProps(id('country'), errors.country)}
            >
              <option value="">{t('profile.not_set')}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id={id('education')} label={t('member.field.education')} error={message('education')}>
            <input
              type="text"
              name="education"
              maxLength={PROFILE_MAX_LENGTHS.education}
              defaultValue={member.education ?? ''}
              {...inputProps(id('education'), errors.education)}
            />
          </Field>
          <Field id={id('website')} label={t('member.field.website')} error={message('website')}>
            <input
              type="url"
              name="website"
              inputMode="url"
              placeholder="https://"
              maxLength={PROFILE_MAX_LENGTHS.website}
              defaultValue={member.website ?? ''}
              {...inputProps(id('website'), errors.website)}
            />
          </Field>
        </div>
        <Field id={id('about_me')} label={t('member.field.about_me')} error={message('about_me')}>
          <textarea
            name="about_me"
            rows={5}
            maxLength={PROFILE_MAX_LENGTHS.about_me}
            defaultValue={member.about_me ?? ''}
            {...inputProps(id('about_me'), errors.about_me)}
          />
        </Field>
        <div className="profile-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('profile.save')}
          </button>
        </div>
      </form>
    </Panel>
  );
}

function ImageForm({ section, current }: { section: ImageSection; current: string | null }) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const { errors, setErrors, busy, run } = useSection();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const id = `profile-${section}`;
  const rule = IMAGE_RULES[section];

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!file) return setErrors({ [section]: { code: 'required' } });
    if (file.size > IMAGE_MAX_BYTES)
      return setErrors({
        [section]: { code: 'file_too_large', info: { max_mb: IMAGE_MAX_BYTES / 1024 / 1024 } },
      });
    setProgress(0);
    const saved = await run(() => uploadProfileImage(section, file, setProgress), t('profile.image_saved'));
    setProgress(null);
    if (saved) {
      setFile(null);
      form.reset();
      revalidate();
    }
  }

  async function remove() {
    if ((await run(() => postProfile(section, { remove: '1' }), t('profile.image_removed'))) !== null)
      revalidate();
  }

  const shown = preview ?? current;
  const error = errors[section] ? errorText(t, section, errors[section]) : undefined;
  return (
    <Panel section={section}>
      <form className="profile-form profile-form--image" noValidate onSubmit={submit}>
        <div className={`profile-image profile-image--${section}`}>
          {shown ? (
            <img src={shown} alt={t('profile.preview')} />
          ) : (
            <span className="profile-image__empty">{t('profile.no_image')}</span>
          )}
        </div>
        <Field
          id={id}
          label={t(`profile.field.${section}`)}
          error={error}
          hint={t('profile.image_hint', {
            width: rule.minWidth,
            height: rule.minHeight,
            mb: IMAGE_MAX_BYTES / 1024 / 1024,
          })}
        >
          <FilePicker
            name={section}
            accept="image/jpeg,image/png,image/webp,image/gif"
            onChange={(event) => {
              setErrors({});
              setFile(event.currentTarget.files?.[0] ?? null);
            }}
            {...inputProps(id, errors[section], true)}
            className="profile-form__file"
          />
        </Field>
        {progress !== null ? (
          <div className="profile-form__progress">
            <progress max={100} value={progress} aria-label={t('profile.uploading', { percent: progress })} />
            <span aria-live="polite">{t('profile.uploading', { percent: progress })}</span>
          </div>
        ) : null}
        <div className="profile-form__actions">
          <button type="submit" className="button button--primary" disabled={busy || !file}>
            {t('profile.upload')}
          </button>
          {current ? (
            <button type="button" className="button" disabled={busy} onClick={remove}>
              {t('profile.remove')}
            </button>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}
