import { describe, expect, it } from 'vitest';
import { dictionary } from '@zxcvbn-ts/language-common';
import { TEST_ACCOUNT } from '../../contract/limits';
import { passwordProblem } from './password-policy';

const common = 'is one of the 10,000 most common passwords; choose another';

describe('the signup password policy (ASVS 2.1)', () => {
  it('asks for at least 8 characters, counted as people count them', async () => {
    for (const short of ['', 'a', ' ', 'seven77', '😀😀😀😀😀😀😀']) {
      expect(await passwordProblem(short), JSON.stringify(short)).toBe(
        'must be at least 8 characters',
      );
    }
    expect(await passwordProblem('😀'.repeat(8))).toBeUndefined();
    expect(await passwordProblem('        ')).toBeUndefined();
  });

  it('takes up to 128 characters and refuses longer ones rather than cutting them', async () => {
    expect(await passwordProblem('x1'.repeat(64))).toBeUndefined();
    expect(await passwordProblem(`${'x1'.repeat(64)}!`)).toBe('must be at most 128 characters');
    expect(await passwordProblem('😀'.repeat(128))).toBeUndefined();
  });

  it('refuses the 10,000 most common passwords, whatever their case, and no others', async () => {
    for (const weak of ['password', 'PASSWORD', 'Password', 'iloveyou', '12345678', 'qwertyuiop']) {
      expect(await passwordProblem(weak), weak).toBe(common);
    }
    const ranked = dictionary['passwords-common'];
    const tenThousandth = ranked.slice(0, 10_000).findLast((entry) => entry.length >= 8)!;
    expect(await passwordProblem(tenThousandth), tenThousandth).toBe(common);
    const beyond = ranked
      .slice(10_000)
      .find((entry) => entry.length >= 8 && !ranked.slice(0, 10_000).includes(entry))!;
    expect(await passwordProblem(beyond), beyond).toBeUndefined();
  });

  it("lets the demo account's and the tests' own passwords through", async () => {
    for (const fine of [TEST_ACCOUNT.password, 'cobol-1959', 'correct horse battery staple']) {
      expect(await passwordProblem(fine), fine).toBeUndefined();
    }
  });
});
