import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { GENDERS, type Gender } from '../../../contract/catalog.ts';
import { writeCookie } from '../../lib/cookies.ts';
import { switchLanguage } from '../../lib/i18n.ts';
import {
  GENDER_COOKIE,
  GENDER_COOKIE_MAX_AGE,
  htmlLang,
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE,
  LANGUAGES,
  siteLanguageOf,
} from '../../lib/preferences.ts';
import { useRootData } from '../../lib/route-data.ts';

export function LanguageSelect({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const current = siteLanguageOf(i18n.language);
  // The languages on offer (site settings, from the root loader); the page's own stays selectable.
  const offered = useRootData()?.languages ?? LANGUAGES;
  const choices = LANGUAGES.filter((lang) => lang === current || offered.includes(lang));
  return (
    <div className="select">
      <label htmlFor={id} className="select__label">
        {t('header.language')}
      </label>
      {/* The current language's flag (styles/flags.css); the select names each language in its own words. */}
      <span className={`flag flag--${current}`} data-flag={current} aria-hidden="true" />
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const lang = event.target.value;
          writeCookie(LANG_COOKIE, lang, LANG_COOKIE_MAX_AGE);
          void switchLanguage(lang);
        }}
      >
        {choices.map((lang) => (
          <option key={lang} value={lang} lang={htmlLang(lang)}>
            {t(`language.${lang}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function GenderSelect({ id, gender }: { id: string; gender: Gender }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  return (
    <div className="select">
      <label htmlFor={id} className="select__label">
        {t('header.orientation')}
      </label>
      {/* Uncontrolled and keyed: it shows the choice at once and follows the loader afterwards. */}
      <select
        key={gender}
        id={id}
        defaultValue={gender}
        onChange={(event) => {
          writeCookie(GENDER_COOKIE, event.target.value, GENDER_COOKIE_MAX_AGE);
          // Every listing depends on the orientation: load the page again with the new cookie.
          void revalidator.revalidate();
        }}
      >
        {GENDERS.map((value) => (
          <option key={value} value={value}>
            {t(`orientation.${value}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
