// The side panels of a category, tag, model or channel's edit view in the console (issue 17): its
// picture (sent to /api/admin/taxonomy_image.php, checked by content there) and deleting it, with the
// choice of another object of the kind that takes over its videos.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  type AdminTaxonomyItem,
  type FieldCode,
  type ImageKind,
  parseTaxonomyInput,
  TAXONOMY_PAGES,
  type TaxonomyKind,
} from '../../../contract/admin-taxonomy.ts';
import { ApiError, saveTaxonomy, saveTaxonomyImage } from '../../lib/admin-taxonomy-api.ts';
import { useFieldError } from './taxonomy-form.tsx';

export function TaxonomyImage({
  kind,
  item,
  onSaved,
}: {
  kind: ImageKind;
  item: AdminTaxonomyItem;
  onSaved: (removed: boolean) => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [codes, setCodes] = useState<FieldCode[]>([]);
  const [busy, setBusy] = useState(false);
  const errorOf = useFieldError(codes);
  const image = 'image' in item ? item.image : null;

  const send = async (remove: boolean) => {
    if (!remove && !file) {
      setCodes([{ field: 'file', code: 'required' }]);
      return;
    }
    setBusy(true);
    setCodes([]);
    try {
      await saveTaxonomyImage(kind, item.id, remove ? null : file, remove);
      setFile(null);
      onSaved(remove);
    } catch (error) {
      setCodes(
        error instanceof ApiError && error.codes.length > 0
          ? error.codes
          : [{ field: 'file', code: error instanceof ApiError ? error.code : 'network' }],
      );
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  return (
    <section className="console__panel tax-image">
      <h2 className="console__subtitle">
        {t(`admin_taxonomy.image.${kind}` as 'admin_taxonomy.image.model')}
      </h2>
      {image ? (
        <img className={`tax-image__preview tax-image__preview--${kind}`} src={image} alt={item.title} />
      ) : (
        <p className="console__muted">{t('admin_taxonomy.image.none')}</p>
      )}
      <form onSubmit={submit} className="console__form">
        <div className="console__field">
          <label htmlFor={`tax-image-${kind}`}>{t('admin_taxonomy.image.file')}</label>
          <input
            id={`tax-image-${kind}`}
            type="file"
            name="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <span className="console__muted">{t('admin_taxonomy.image.hint')}</span>
          {errorOf('file') ? <span className="console__field-error">{errorOf('file')}</span> : null}
        </div>
        <div className="console__row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('admin_taxonomy.image.upload')}
          </button>
          {image ? (
            <button type="button" className="button" disabled={busy} onClick={() => void send(true)}>
              {t('admin_taxonomy.image.remove')}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

export function TaxonomyDelete({ kind, item }: { kind: TaxonomyKind; item: AdminTaxonomyItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [moveTo, setMoveTo] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [codes, setCodes] = useState<FieldCode[]>([]);
  const [busy, setBusy] = useState(false);
  const errorOf = useFieldError(codes);

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    const body = { act: 'delete', id: item.id, move_to: moveTo };
    const checked = parseTaxonomyInput(kind, body);
    if (!checked.ok) {
      setCodes(checked.codes);
      return;
    }
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    setCodes([]);
    try {
      await saveTaxonomy(kind, body);
      navigate(TAXONOMY_PAGES[kind], { state: { notice: 'deleted' } });
    } catch (error) {
      const answer = error instanceof ApiError ? error : null;
      setCodes(
        answer && answer.codes.length > 0
          ? answer.codes
          : [{ field: 'general', code: answer ? answer.code : 'network' }],
      );
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="console__panel tax-delete">
      <h2 className="console__subtitle">{t('admin_taxonomy.delete.title')}</h2>
      <p className="console__muted">
        {t(`admin_taxonomy.delete.what.${kind}` as 'admin_taxonomy.delete.what.category')}
      </p>
      <form onSubmit={remove} className="console__form">
        <div className="console__field">
          <label htmlFor={`tax-move-${kind}`}>{t('admin_taxonomy.delete.move_to')}</label>
          <input
            id={`tax-move-${kind}`}
            type="number"
            inputMode="numeric"
            min={1}
            value={moveTo}
            onChange={(e) => {
              setMoveTo(e.target.value);
              setConfirming(false);
            }}
          />
          <span className="console__muted">{t('admin_taxonomy.delete.move_hint')}</span>
          {errorOf('move_to') ? <span className="console__field-error">{errorOf('move_to')}</span> : null}
          {errorOf('general') ? <span className="console__field-error">{errorOf('general')}</span> : null}
        </div>
        {confirming ? (
          <p className="console__notice console__notice--error" role="alert">
            {t('admin_taxonomy.delete.confirm', { title: item.title })}
          </p>
        ) : null}
        <div className="console__row">
          <button type="submit" className="button button--danger" disabled={busy}>
            {t(confirming ? 'admin_taxonomy.delete.really' : 'admin_taxonomy.delete.button')}
          </button>
        </div>
      </form>
    </section>
  );
}
