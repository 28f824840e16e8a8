// The age gate's texts in ru, fr and de (shell.md §2: "Texts exist in en, ru, fr, de"). Interim until
// issue 16 adds those languages' locale files: then these move to locales/{ru,fr,de}.json under
// `age_gate` and this module goes (docs/decisions.md). English lives in locales/en.json.

export interface AgeGateTexts {
  title: string;
  text: string;
  enter: string;
}

export const AGE_GATE_TEXTS: Readonly<Record<'ru' | 'fr' | 'de', AgeGateTexts>> = {
  ru: {
    title: 'Только для взрослых',
    text: 'Этот сайт предназначен только для лиц, достигших 18 лет или возраста совершеннолетия в своей стране. Входя на сайт, вы подтверждаете, что достигли этого возраста.',
    enter: 'Мне есть 18 лет — войти',
  },
  fr: {
    title: 'Réservé aux adultes',
    text: 'Ce site est réservé aux personnes âgées de 18 ans ou plus, ou ayant atteint l’âge de la majorité dans leur pays. En entrant, vous confirmez avoir l’âge légal.',
    enter: 'J’ai 18 ans ou plus — Entrer',
  },
  de: {
    title: 'Nur für Erwachsene',
    text: 'Diese Website ist nur für Personen ab 18 Jahren oder ab dem in ihrem Land geltenden Volljährigkeitsalter bestimmt. Mit dem Betreten bestätigen Sie, dass Sie volljährig sind.',
    enter: 'Ich bin 18 oder älter – Betreten',
  },
};

export function ageGateTextsFor(lang: string): AgeGateTexts | null {
  return lang === 'ru' || lang === 'fr' || lang === 'de' ? AGE_GATE_TEXTS[lang] : null;
}
