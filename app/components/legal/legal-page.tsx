// The legal and information pages (content.md §2 information/, issue 15): default texts written for
// this product, in locales/legal/en.json (added to i18n by routes/information.tsx), templated with the site name and the operator details
// of the configuration (OPERATOR_NAME, OPERATOR_ADDRESS, DMCA_AGENT_*, CUSTODIAN_OF_RECORDS). The DMCA
// and Support pages open the contact form with their subject chosen.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEGAL_SECTIONS, type LegalSection } from '../../../contract/information.ts';
import type { OperatorDetails } from '../../../server/config.ts';
import { ContactButton } from './contact-button.tsx';

export { LEGAL_SECTIONS, type LegalSection };

interface TextSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

export interface LegalPageData {
  section: LegalSection;
  siteName: string;
  operator: OperatorDetails;
}

/** The interpolation values every legal text may use. */
export function legalValues(siteName: string, operator: OperatorDetails) {
  return { site: siteName, operator: operator.name };
}

export function LegalPage({ data }: { data: LegalPageData }) {
  const { t } = useTranslation();
  const { section, siteName, operator } = data;
  const values = legalValues(siteName, operator);
  const intro = asArray<string>(t(`legal.${section}.intro`, { returnObjects: true, ...values }));
  const sections = asArray<TextSection>(t(`legal.${section}.sections`, { returnObjects: true, ...values }));
  return (
    <article className="page legal" data-legal={section}>
      <h1 className="page__title">{t(`page.information_${section}`)}</h1>
      {intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {sections.map((part) => (
        <section key={part.title}>
          <h2>{part.title}</h2>
          {part.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {part.items ? (
            <ul>
              {part.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      <OperatorBox section={section} operator={operator} />
      {section === 'dmca' || section === 'support' ? (
        <div className="legal__contact">
          <ContactButton subject={section} />
        </div>
      ) : null}
    </article>
  );
}

/** The operator details a page names: who runs the site, the DMCA agent, the custodian of records. */
function OperatorBox({ section, operator }: { section: LegalSection; operator: OperatorDetails }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [];
  if (section === 'dmca') {
    rows.push([t('legal.details.agent'), operator.dmcaAgentName]);
    rows.push([t('legal.details.agent_email'), operator.dmcaAgentEmail ?? t('legal.details.by_form')]);
    if (operator.address) rows.push([t('legal.details.address'), operator.address]);
  } else if (section === '2257') {
    // The custodian of records (issue 31): the operator setting custodian_of_records, else the operator;
    // the address where the records are kept goes with the name, unless the setting already gives it.
    const custodian = operator.custodianOfRecords?.trim() || null;
    rows.push([
      t('legal.details.custodian'),
      custodian ?? [operator.name, operator.address].filter(Boolean).join('\n'),
    ]);
    if (custodian && operator.address && !custodian.includes(operator.address.trim())) {
      rows.push([t('legal.details.address'), operator.address]);
    }
  } else if (section === 'terms' || section === 'privacy') {
    rows.push([t('legal.details.operator'), operator.name]);
    if (operator.address) rows.push([t('legal.details.address'), operator.address]);
  }
  if (rows.length === 0) return null;
  return (
    <section>
      <h2>{t('legal.details.title')}</h2>
      <dl className="legal__details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** /information/: the five pages, one line each. */
export function LegalIndex({ siteName }: { siteName: string }) {
  const { t } = useTranslation();
  return (
    <section className="page legal">
      <h1 className="page__title">{t('page.information')}</h1>
      <p>{t('legal.index_intro', { site: siteName })}</p>
      <ul>
        {LEGAL_SECTIONS.map((section) => (
          <li key={section}>
            <Link to={`/information/${section}/`}>{t(`page.information_${section}`)}</Link>
            {' – '}
            {t(`legal.${section}.description`, { site: siteName })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
