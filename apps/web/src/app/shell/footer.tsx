import { SafeHtml } from '../../components/safe-html';
import { useClient, useFooter } from '../../features/tenancy';
import { useSelectedVenue } from '../../lib/selected-venue';

/** The operator's footer for the selected venue (HTML, sanitised again here). */
export function Footer() {
  const venue = useSelectedVenue();
  const { data: html } = useFooter(venue);
  const { data: client } = useClient();
  return (
    <footer className="on-dark mt-12 bg-dark text-on-dark">
      <div className="mx-auto flex max-w-[1264px] flex-col gap-2 px-4 py-8">
        {html ? <SafeHtml html={html} /> : null}
        {client ? (
          <p className="text-sm">
            © {new Date().getFullYear()} {client.name}
          </p>
        ) : null}
      </div>
    </footer>
  );
}
