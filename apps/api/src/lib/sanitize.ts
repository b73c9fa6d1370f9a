import sanitizeHtml from 'sanitize-html';

/**
 * Operator HTML (footers, terms, waivers) keeps formatting and links but loses scripts, event handlers, styles
 * and anything that could run. Applied when stored and again when served.
 */
export function sanitizeOperatorHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      '*': ['class'],
    },
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https', 'data'] },
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}
