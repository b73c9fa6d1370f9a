import { describe, expect, it } from 'vitest';
import { withEmbeddedFlag } from './with-embedded-flag';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('the embedded flag in the address', () => {
  it('is added to a page of an embedded visit that lost it, keeping the query and the hash', () => {
    expect(withEmbeddedFlag(at('/location/harrogate/spin/2030-01-07', '?start=07%3A00', '#sessions'), true)).toEqual({
      pathname: '/location/harrogate/spin/2030-01-07',
      search: '?start=07%3A00&embedded=true',
      hash: '#sessions',
    });
    expect(withEmbeddedFlag(at('/basket'), true)).toEqual({ pathname: '/basket', search: '?embedded=true', hash: '' });
  });

  it('leaves an address that has it, and a visit that is not embedded, alone', () => {
    expect(withEmbeddedFlag(at('/basket', '?embedded=true'), true)).toBeNull();
    expect(withEmbeddedFlag(at('/basket', '?embedded=false'), true)).toBeNull();
    expect(withEmbeddedFlag(at('/basket'), false)).toBeNull();
  });
});
