import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ModelCard as ModelCardData } from '../../contract/catalog.ts';

export function ModelCard({ model }: { model: ModelCardData }) {
  const { t } = useTranslation();
  return (
    <article className="model">
      <Link to={`/pornstar/${model.dir}/`} className="model__link">
        <div className="model__photo">
          {model.img ? (
            <img src={model.img} alt="" loading="lazy" decoding="async" width={240} height={320} />
          ) : (
            <span className="model__initial" aria-hidden="true">
              {model.title.charAt(0)}
            </span>
          )}
        </div>
        <h3 className="model__title">{model.title}</h3>
      </Link>
      <p className="model__meta">{t('models.count', { count: model.total_videos })}</p>
    </article>
  );
}

export function ModelGrid({ models }: { models: readonly ModelCardData[] }) {
  return (
    <div className="grid grid--models">
      {models.map((model) => (
        <ModelCard key={model.id} model={model} />
      ))}
    </div>
  );
}
