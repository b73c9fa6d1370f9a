import { useEffect } from 'react';
import { useClient } from '../../features/tenancy';

/** The browser tab shows the client's mark (issue 13): the page's icon link follows the client's icon_url. */
export function Favicon() {
  const { data: client } = useClient();
  const href = client?.iconUrl ?? null;
  useEffect(() => {
    if (!href) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = href;
    link.type = 'image/svg+xml';
  }, [href]);
  return null;
}
