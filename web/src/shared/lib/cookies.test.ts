import { describe, expect, it } from 'vitest';

import { deleteCookie, getCookie, setCookie } from './cookies';

describe('cookies', () => {
  it('sets, reads and deletes a cookie', () => {
    expect(getCookie('5closed')).toBeUndefined();
    setCookie('5closed', 'closed', 60);
    expect(getCookie('5closed')).toBe('closed');
    deleteCookie('5closed');
    expect(getCookie('5closed')).toBeUndefined();
  });
});
