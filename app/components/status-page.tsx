import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A message in place of the page's content, always with a way back home. */
export function Notice({ title, text }: { title: string; text?: string }) {
  const { t } = useTranslation();
  return (
    <section className="notice">
      <h1 className="notice__title">{title}</h1>
      {text ? <p>{text}</p> : null}
      <p>
        <Link to="/" className="button button--primary">
          {t('notfound.home')}
        </Link>
      </p>
    </section>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return <Notice title={t('notfound.title')} />;
}

export function ServerError() {
  const { t } = useTranslation();
  return <Notice title={t('error.title')} text={t('error.text')} />;
}
