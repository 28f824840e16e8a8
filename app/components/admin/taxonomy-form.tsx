// The create/edit form of a category, tag, model or channel in the console (issue 17): the kind's
// fields (KIND_FIELDS of contract/admin-taxonomy.ts), checked by the same parser the server runs, then
// posted as JSON. Field codes (the browser's or the server's) show on their inputs; a tag's mvp links
// are rows of title and address.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminTaxonomyItem,
  type FieldCode,
  KIND_FIELDS,
  MVP_LINKS_MAX,
  parseTaxonomyInput,
  RACES,
  type TaxonomyKind,
  type TaxonomySaved,
} from '../../../contract/admin-taxonomy.ts';
import { GENDERS } from '../../../contract/catalog.ts';
import { ApiError, saveTaxonomy } from '../../lib/admin-taxonomy-api.ts';

type Input =
  | 'text'
  | 'textarea'
  | 'gender'
  | 'race'
  | 'hair'
  | 'bool'
  | 'career'
  | 'number'
  | 'date'
  | 'url'
  | 'flag';
const INPUTS: Record<string, Input> = {
  description: 'textarea',
  mdesc: 'textarea',
  gender: 'gender',
  race: 'race',
  hair: 'hair',
  tattoo: 'bool',
  piercing: 'bool',
  career_status: 'career',
  career_start: 'number',
  career_end: 'number',
  debut_age: 'number',
  height: 'number',
  weight: 'number',
  birth_date: 'date',
  url: 'url',
  partner: 'flag',
};

interface LinkRow {
  title: string;
  url: string;
}

/** The item's values as the inputs hold them (text; '' for none). */
function initialValues(kind: TaxonomyKind, item: AdminTaxonomyItem | null): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of KIND_FIELDS[kind]) {
    if (field === 'links') continue;
    const value = item ? (item as Record<string, unknown>)[field] : undefined;
    values[field] =
      value === null || value === undefined
        ? ''
        : typeof value === 'boolean'
          ? value
            ? '1'
            : '0'
          : String(value);
  }
  if (!item && 'gender' in values) values.gender = 'str';
  return values;
}

export function useFieldError(codes: FieldCode[]) {
  const { t } = useTranslation();
  return (field: string) => {
    const code = codes.find((c) => c.field === field)?.code;
    return code
      ? t(`admin_taxonomy.error.${code}` as 'admin_taxonomy.error.invalid', {
          defaultValue: t('admin_taxonomy.error.invalid'),
        })
      : null;
  };
}

export function TaxonomyForm<K extends TaxonomyKind>({
  kind,
  item,
  onSaved,
}: {
  kind: K;
  /** The object to edit; null creates one. */
  item: AdminTaxonomyItem | null;
  onSaved: (saved: TaxonomySaved<K>) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => initialValues(kind, item));
  const [links, setLinks] = useState<LinkRow[]>(() =>
    item && 'links' in item ? item.links.map((l) => ({ ...l })) : [],
  );
  const [codes, setCodes] = useState<FieldCode[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errorOf = useFieldError(codes);
  const hasLinks = KIND_FIELDS[kind].includes('links');
  const prefix = item ? `tax-edit-${kind}` : `tax-new-${kind}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body: Record<string, unknown> = {
      act: item ? 'edit' : 'create',
      ...(item ? { id: item.id } : {}),
      ...values,
      ...(hasLinks ? { links } : {}),
    };
    const checked = parseTaxonomyInput(kind, body);
    if (!checked.ok) {
      setCodes(checked.codes);
      return;
    }
    setCodes([]);
    setBusy(true);
    try {
      const saved = await saveTaxonomy(kind, body);
      if (!item) {
        setValues(initialValues(kind, null));
        setLinks([]);
      }
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.codes.length > 0) setCodes(error.codes);
      else setFailure(error instanceof ApiError ? error.code : 'network');
    } finally {
      setBusy(false);
    }
  };

  const set = (field: string) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const field = (name: string) => {
    const id = `${prefix}-${name}`;
    const error = errorOf(name);
    const input = INPUTS[name] ?? 'text';
    const common = {
      id,
      name,
      value: values[name] ?? '',
      onChange: set(name),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
    };
    let control: React.ReactNode;
    switch (input) {
      case 'textarea':
        control = <textarea {...common} rows={name === 'description' ? 4 : 2} />;
        break;
      case 'gender':
        control = (
          <select {...common}>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {t(`admin_taxonomy.gender.${g}` as 'admin_taxonomy.gender.str')}
              </option>
            ))}
          </select>
        );
        break;
      case 'race':
      case 'hair':
      case 'bool':
      case 'career': {
        const options: [string, string][] =
          input === 'race'
            ? RACES.map((r) => [r, t(`catalogue.race_${r}` as 'catalogue.race_asian')])
            : input === 'hair'
              ? [1, 2, 3, 4, 5].map((h) => [String(h), t(`catalogue.hair_${h}` as 'catalogue.hair_1')])
              : input === 'career'
                ? [
                    ['1', t('catalogue.career_1')],
                    ['0', t('catalogue.career_0')],
                  ]
                : [
                    ['1', t('admin_taxonomy.yes')],
                    ['0', t('admin_taxonomy.no')],
                  ];
        control = (
          <select {...common}>
            <option value="">{t('admin_taxonomy.unset')}</option>
            {options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        );
        break;
      }
      case 'number':
        control = <input {...common} type="number" inputMode="numeric" />;
        break;
      case 'date':
        control = <input {...common} type="date" />;
        break;
      case 'url':
        control = <input {...common} type="url" />;
        break;
      case 'flag':
        // A setting that is on or off (a channel's partner flag): '1' or '0', never unknown.
        control = (
          <input
            {...common}
            type="checkbox"
            value="1"
            checked={values[name] === '1'}
            onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.checked ? '1' : '0' }))}
          />
        );
        break;
      default:
        control = <input {...common} type="text" />;
    }
    return (
      <div key={name} className={`console__field tax-form__field tax-form__field--${input}`}>
        <label htmlFor={id}>{t(`admin_taxonomy.field.${name}` as 'admin_taxonomy.field.title')}</label>
        {control}
        {name === 'dir' && !item ? (
          <span className="console__muted">{t('admin_taxonomy.dir_hint')}</span>
        ) : null}
        {name === 'partner' ? (
          <span className="console__muted">{t('admin_taxonomy.partner_hint')}</span>
        ) : null}
        {error ? (
          <span className="console__field-error" id={`${id}-error`}>
            {error}
          </span>
        ) : null}
      </div>
    );
  };

  return (
    <form className="console__form tax-form" onSubmit={submit} noValidate>
      <div className="tax-form__grid">{KIND_FIELDS[kind].filter((f) => f !== 'links').map(field)}</div>
      {hasLinks ? (
        <fieldset className="tax-form__links">
          <legend>{t('admin_taxonomy.field.links')}</legend>
          <p className="console__muted">{t('admin_taxonomy.links_hint')}</p>
          {links.map((link, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the index is the row.
            <div className="tax-form__link" key={i}>
              <input
                type="text"
                aria-label={t('admin_taxonomy.link_title')}
                placeholder={t('admin_taxonomy.link_title')}
                value={link.title}
                onChange={(e) =>
                  setLinks((l) => l.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))
                }
              />
              <input
                type="text"
                aria-label={t('admin_taxonomy.link_url')}
                placeholder={t('admin_taxonomy.link_url')}
                value={link.url}
                onChange={(e) =>
                  setLinks((l) => l.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)))
                }
              />
              <button
                type="button"
                className="button"
                onClick={() => setLinks((l) => l.filter((_, j) => j !== i))}
              >
                {t('admin_taxonomy.link_remove')}
              </button>
              {errorOf(`links.${i}.title`) || errorOf(`links.${i}.url`) || errorOf(`links.${i}`) ? (
                <span className="console__field-error tax-form__link-error">
                  {errorOf(`links.${i}.title`) ?? errorOf(`links.${i}.url`) ?? errorOf(`links.${i}`)}
                </span>
              ) : null}
            </div>
          ))}
          {errorOf('links') ? <span className="console__field-error">{errorOf('links')}</span> : null}
          {links.length < MVP_LINKS_MAX ? (
            <button
              type="button"
              className="button"
              onClick={() => setLinks((l) => [...l, { title: '', url: '' }])}
            >
              {t('admin_taxonomy.link_add')}
            </button>
          ) : null}
        </fieldset>
      ) : null}
      {failure ? (
        <p className="console__notice console__notice--error" role="alert">
          {t(`admin_taxonomy.error.${failure}` as 'admin_taxonomy.error.failed', {
            defaultValue: t('admin_taxonomy.error.failed'),
          })}
        </p>
      ) : null}
      {codes.length > 0 ? (
        <p className="console__notice console__notice--error" role="alert">
          {t('admin_taxonomy.error.check_fields')}
        </p>
      ) : null}
      <div className="console__row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t(item ? 'admin_taxonomy.save' : 'admin_taxonomy.create')}
        </button>
      </div>
    </form>
  );
}
