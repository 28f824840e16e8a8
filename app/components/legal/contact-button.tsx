// Opens the contact/report form with a subject chosen (the DMCA and Support pages).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../shell/notify.tsx';
import { ContactModal, type ContactSubject } from '../watch/contact-modal.tsx';

export function ContactButton({ subject }: { subject: ContactSubject }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        data-action="contact"
        onClick={() => setOpen(true)}
      >
        {t('legal.contact_button')}
      </button>
      {open ? (
        <ContactModal
          subject={subject}
          onClose={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            notify('success', t('watch.contact_success'));
          }}
        />
      ) : null}
    </>
  );
}
