import { ContactPage } from '../../features/cs/components/ContactPage.tsx';

/** /contact: the contact form (live chat until the chat room exists), without the site header. */
export function Component() {
  return (
    <div className="page page--bare">
      <ContactPage />
    </div>
  );
}
