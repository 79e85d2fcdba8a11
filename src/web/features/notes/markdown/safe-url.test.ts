import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it.each(['https://developer.mozilla.org/en-US/', 'http://example.com/a?b=1#c', 'mailto:a@b.co'])(
    'keeps %s',
    (url) => {
      expect(safeUrl(url)).toBe(url);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '/watch/abc',
    '#top',
    'ftp://example.com',
    '',
  ])('refuses %j', (url) => {
    expect(safeUrl(url)).toBe('');
  });
});
