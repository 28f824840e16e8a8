// The records form's performer field (issue 31 scope 4): the uploader names the performer as a model of
// the catalogue (typed letters ask GET /api/video_records_models.php, the matches show as a list of
// buttons to pick from with the mouse, Tab, or the arrow keys and Enter) or as a new stage name (whatever is typed and not
// picked). Picking sends `model_id` with the model's title as the stage name; typing again drops the
// pick. The server checks the id (records.service.ts); nothing here decides what is valid.
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordsModels } from '../../../contract/records.ts';
import { PERFORMER_NAME_MAX, RECORDS_MODELS_MIN_CHARS } from '../../../contract/records-values.ts';
import { findModels } from '../../lib/records-api.ts';

type Model = RecordsModels['models'][number];

/** The pause after the last key before the catalogue is asked (the search box's, content.md §5). */
const ASK_AFTER_MS = 300;

export interface PickedPerformer {
  stage_name: string;
  model_id: string;
}

export function ModelPicker({
  id,
  value,
  onChange,
  inputProps,
}: {
  id: string;
  value: PickedPerformer;
  onChange: (next: PickedPerformer) => void;
  /** aria-invalid, aria-describedby and the class of the field's error state. */
  inputProps: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const [models, setModels] = useState<Model[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<Model | null>(null);
  const asked = useRef<AbortController | null>(null);
  const text = value.stage_name.trim();

  // Ask the catalogue once typing pauses; the latest text wins (an older answer is aborted).
  useEffect(() => {
    if (picked || text.length < RECORDS_MODELS_MIN_CHARS) {
      asked.current?.abort();
      setModels(null);
      return;
    }
    const timer = setTimeout(() => {
      asked.current?.abort();
      const controller = new AbortController();
      asked.current = controller;
      findModels(text, controller.signal)
        .then((answer) => {
          if (controller.signal.aborted) return;
          setModels(answer.models);
          setActive(-1);
        })
        .catch(() => {
          // No list (offline, aborted): the name is sent as typed, as a new name.
          if (!controller.signal.aborted) setModels([]);
        });
    }, ASK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text, picked]);

  useEffect(() => () => asked.current?.abort(), []);

  const pick = (model: Model) => {
    setPicked(model);
    setOpen(false);
    setModels(null);
    onChange({ stage_name: model.title, model_id: String(model.model_id) });
  };
  const type = (stage: string) => {
    setPicked(null);
    setOpen(true);
    onChange({ stage_name: stage, model_id: '' });
  };

  const shown = open && !picked && models !== null && models.length > 0;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!shown) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + models.length) % models.length);
    } else if (event.key === 'Enter' && active >= 0 && models[active]) {
      event.preventDefault();
      pick(models[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="model-picker">
      <input
        id={id}
        autoComplete="off"
        maxLength={PERFORMER_NAME_MAX}
        value={value.stage_name}
        onChange={(e) => type(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        {...inputProps}
      />
      {shown ? (
        // Buttons after the field: Tab reaches them; the arrow keys and Enter work from the field.
        <ul className="model-picker__list" aria-label={t('upload.records.model_list')}>
          {models.map((model, i) => (
            <li key={model.model_id}>
              <button
                type="button"
                className={i === active ? 'model-picker__option is-active' : 'model-picker__option'}
                data-model-id={model.model_id}
                onClick={() => pick(model)}
              >
                {model.title}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {picked ? (
        <p className="form-field__hint model-picker__picked" data-model-id={picked.model_id}>
          {t('upload.records.model_picked', { title: picked.title })}
        </p>
      ) : models !== null && models.length === 0 && text.length >= RECORDS_MODELS_MIN_CHARS ? (
        <p className="form-field__hint model-picker__new" data-model-new="">
          {t('upload.records.model_new')}
        </p>
      ) : (
        <p className="form-field__hint">{t('upload.records.model_hint')}</p>
      )}
    </div>
  );
}
