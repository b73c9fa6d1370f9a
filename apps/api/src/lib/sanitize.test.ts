import { describe, expect, it } from 'vitest';
import { sanitizeOperatorHtml } from './sanitize';

describe('sanitizeOperatorHtml', () => {
  it('removes scripts, handlers and javascript: links but keeps formatting', () => {
    const out = sanitizeOperatorHtml(
      '<p onclick="steal()">Hi <strong>there</strong><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://example.org">ok</a></p>',
    );
    expect(out).not.toMatch(/script|onclick|javascript:/i);
    expect(out).toContain('<strong>there</strong>');
    expect(out).toContain('href="https://example.org"');
  });
});
