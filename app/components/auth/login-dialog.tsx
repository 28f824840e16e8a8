// The Login modal's dialog (shell.md §2), loaded only when a guest opens it (login-modal.tsx): the form,
// the modal frame and the account API stay out of every page's first load (issue 29).
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../contract/accounts.ts';
import { Modal } from '../modal.tsx';
import { LoginForm } from './login-form.tsx';

export default function LoginModal({
  onClose,
  googleSignIn,
  initialErrors,
  initialInfo,
}: {
  onClose: () => void;
  googleSignIn: boolean;
  initialErrors?: FieldError[];
  initialInfo?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={t('component.login.title')} onClose={onClose} closeLabel={t('component.login.close')}>
      <LoginForm
        googleSignIn={googleSignIn}
        autoFocus
        onLeave={onClose}
        initialErrors={initialErrors}
        initialInfo={initialInfo}
      />
    </Modal>
  );
}
