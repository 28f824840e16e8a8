// The site's file picker (shell.md §2 "a file picker"; issue 34): a real <input type=file> drawn as the
// site's button with the chosen file's name beside it. The input lies, transparent, over the button, so
// a click or a dropped file reaches it as it is, Tab focuses it (the button shows the focus ring) and
// Enter or Space opens the browser's chooser. Its accessible name stays the field's own label (the form
// around it); the button face and the file name are only what the input already says to a screen reader.
// Used by the contact form, the UK gate's photo form and the profile images.
import { type ChangeEvent, type InputHTMLAttributes, type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.tsx';

export type FilePickerProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
};

/** The names of the files an input holds, or null when it holds none. */
export function chosenNames(files: FileList | null | undefined): string | null {
  if (!files || files.length === 0) return null;
  return [...files].map((file) => file.name).join(', ');
}

export function FilePicker({ className, onChange, ref, ...input }: FilePickerProps) {
  const { t } = useTranslation();
  const own = useRef<HTMLInputElement | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  // A form reset empties the input without a change event: the name goes with it.
  useEffect(() => {
    const form = own.current?.form;
    if (!form) return;
    const reset = () => setChosen(null);
    form.addEventListener('reset', reset);
    return () => form.removeEventListener('reset', reset);
  }, []);

  const setRef = (node: HTMLInputElement | null) => {
    own.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    setChosen(chosenNames(event.currentTarget.files));
    onChange?.(event);
  };

  return (
    <span className={className ? `file-picker ${className}` : 'file-picker'} data-file-picker="">
      <span className="file-picker__control">
        <input {...input} ref={setRef} type="file" className="file-picker__input" onChange={change} />
        <span className="button file-picker__button" aria-hidden="true">
          <Icon size={18}>
            <path d="M12 16V4m0 0-5 5m5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
          </Icon>
          {t('form.file_choose')}
        </span>
      </span>
      <span className={chosen ? 'file-picker__name is-chosen' : 'file-picker__name'} aria-hidden="true">
        {chosen ?? t('form.file_none')}
      </span>
    </span>
  );
}
