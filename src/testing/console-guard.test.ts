import { describe, expect, it } from 'vitest';
import { checkConsole } from './console-guard';
import { expectConsole } from './expect-console';

describe('the console guard', () => {
  it('fails a test that logged a console.error it did not expect', () => {
    console.error('the sample failure');
    expect(() => checkConsole()).toThrow(
      /^The test logged 1 unexpected console message\(s\).*\nconsole\.error: the sample failure$/s,
    );
  });

  it('counts console.warn too, each message once', () => {
    console.warn('first');
    console.warn('second');
    expect(() => checkConsole()).toThrow(/logged 2 unexpected.*first\nconsole\.warn: second$/s);
    // What it reported is forgotten: the test itself ends clean.
    expect(() => checkConsole()).not.toThrow();
  });

  it('lets a test that says it expects a message log it', () => {
    const spy = expectConsole('error');
    console.error('expected');
    expect(spy).toHaveBeenCalledWith('expected');
    expect(() => checkConsole()).not.toThrow();
  });

  it('names where the messages were logged after the last test', () => {
    console.error('late');
    expect(() => checkConsole('The file, after its last test,')).toThrow(
      /^The file, after its last test, logged 1 unexpected/,
    );
  });
});
