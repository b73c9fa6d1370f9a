import { describe, expect, it } from 'vitest';
import { withoutTrailingSlash } from './without-trailing-slash';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('a trailing slash', () => {
  it('is removed, keeping the query and the hash', () => {
    expect(withoutTrailingSlash(at('/location/harrogate/', '?embedded=true', '#sessions'))).toEqual({
      pathname: '/location/harrogate',
      search: '?embedded=true',
      hash: '#sessions',
    });
    expect(withoutTrailingSlash(at('/basket//'))).toEqual({ pathname: '/basket', search: '', hash: '' });
  });

  it('leaves home and paths without one alone', () => {
    expect(withoutTrailingSlash(at('/'))).toBeNull();
    expect(withoutTrailingSlash(at('/location/harrogate'))).toBeNull();
  });
});
