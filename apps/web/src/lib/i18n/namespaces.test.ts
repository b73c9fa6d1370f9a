import { describe, expect, it } from 'vitest';
import { namespacesUsed } from '../../../build/locale-namespaces';
import { i18n } from '.';

describe("a module's words (decision 210)", () => {
  it('are found from useTranslation and from keys that name their namespace', () => {
    const code = [
      "const { t } = useTranslation('basket');",
      "const { t: ta } = useTranslation(['account', 'orders']);",
      "const message = i18n.t('auth:reset.mismatch');",
      "useTranslation('no-such-namespace'); format('HH:mm');",
    ].join('\n');
    expect(namespacesUsed(code)).toEqual(['account', 'auth', 'basket', 'orders']);
    expect(namespacesUsed('const { t } = useTranslation();')).toEqual([]);
  });

  it('reach i18next with the module that uses them, and only the common words come with the shell', () => {
    // Nothing this file imports asks for the checkout's words, so i18next has not got them; the shell's it has.
    expect(i18n.hasResourceBundle('en-GB', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('en-GB', 'checkout')).toBe(false);
  });
});
