import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * The one place operator HTML (footers, terms) reaches the page. The server sanitises before storing; this
 * sanitises again before rendering, so a bad row or a compromised API cannot run script here.
 */
export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] }), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <div className={`safe-html ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
