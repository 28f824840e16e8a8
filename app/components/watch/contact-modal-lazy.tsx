// The contact form as the video page opens it (Report, and a comment's Report): loaded on the first
// open, so the form and the captcha loader are not part of the video page's first load (the budget of
// e2e/player.test.ts). The legal pages import contact-modal.tsx itself.
import { type ComponentProps, lazy, Suspense } from 'react';
import type { ContactModal as ContactModalComponent } from './contact-modal.tsx';

const ContactModalChunk = lazy(() =>
  import('./contact-modal.tsx').then((m) => ({ default: m.ContactModal })),
);

export function ContactModal(props: ComponentProps<typeof ContactModalComponent>) {
  return (
    <Suspense fallback={null}>
      <ContactModalChunk {...props} />
    </Suspense>
  );
}
