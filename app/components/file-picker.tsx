// The site's file picker (shell.md §2 "a file picker"; issue 34): a real <input type=file> drawn as the
// site's button with the chosen file's name beside it. The input lies, transparent, over the button, so
// a click or a dropped file reaches it as it is, Tab focuses it (the button shows the focus ring) and
// Enter or Space opens the browser's chooser. Its accessible name stays the field's own label (the form
// around it); the button face and the file name are only what the input already says to a screen reader.
// Used by the contact form, the profile images and the age-verification photo form below.
//
// AgePhotoForm lives here rather than beside the verify page: the UK gate (in the shell, on every page)
// uses it, and the chunk of this module is one every page loads already, so sharing the form adds no
// script to the first load (issue 29's budgets).
import {
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { AGE_PHOTO_ACCEPT, AGE_VERIFICATION_PATH } from '../../contract/age-gates.ts';
import { callApi } from '../lib/api-client.ts';
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

type Sending = { state: 'idle' } | { state: 'sending' } | { state: 'failed'; message: string };

/** The texts (i18n keys) and class names of one place the photo form shows in. */
export interface PhotoFormLook {
  keys: { label: string; hint: string; failed: string; sending: string; send: string };
  classes: { form: string; label: string; file?: string; hint: string; error: string; submit: string };
}

/**
 * The age-verification photo form (POST /api/age_verification.php) of the UK gate (shell/uk-gate.tsx) and
 * of the uploader's verify page (upload/uploader-verification.tsx), each in its own look. `onSent` gets whether the answer says the member is
 * verified already; without it, the page's loader runs again (the new state).
 */
export function AgePhotoForm({
  look,
  onSent,
}: {
  look: PhotoFormLook;
  onSent?: (verified: boolean) => void;
}) {
  const { t } = useTranslation();
  const fileId = useId();
  const revalidator = useRevalidator();
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const { keys, classes } = look;
  const tx = t as unknown as (key: string) => string;

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending({ state: 'sending' });
    try {
      const answer = await callApi(AGE_VERIFICATION_PATH, {
        method: 'POST',
        body: form,
        headers: { accept: 'application/json' },
      });
      if (!answer.ok) {
        // The server's error as it sent it (shell.md §7).
        const message = typeof answer.body?.error === 'string' ? answer.body.error : tx(keys.failed);
        setSending({ state: 'failed', message });
        return;
      }
      setSending({ state: 'idle' });
      if (onSent) onSent(answer.body?.age_verified === true);
      else await revalidator.revalidate();
    } catch {
      setSending({ state: 'failed', message: tx(keys.failed) });
    }
  };

  return (
    <form className={classes.form} onSubmit={send} encType="multipart/form-data" noValidate>
      <label className={classes.label} htmlFor={fileId}>
        {tx(keys.label)}
      </label>
      <FilePicker
        id={fileId}
        className={classes.file}
        name="file"
        accept={AGE_PHOTO_ACCEPT}
        required
        aria-describedby={`${fileId}-hint`}
      />
      <p className={classes.hint} id={`${fileId}-hint`}>
        {tx(keys.hint)}
      </p>
      {sending.state === 'failed' ? (
        <p className={classes.error} role="alert">
          {sending.message}
        </p>
      ) : null}
      <button type="submit" className={classes.submit} disabled={sending.state === 'sending'}>
        {sending.state === 'sending' ? tx(keys.sending) : tx(keys.send)}
      </button>
    </form>
  );
}
