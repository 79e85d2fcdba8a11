import { describe, expect, it } from 'vitest';
import {
  enabledHeaderCount,
  initialTesterState,
  isJsonText,
  testerReducer,
  usesSession,
  type TesterAction,
  type TesterResponse,
  type TesterState,
} from './tester-reducer';

const run = (...actions: TesterAction[]): TesterState =>
  actions.reduce(testerReducer, initialTesterState());

describe('the tester state', () => {
  it('starts with GET, /api/test-todos, Accept */* enabled, one blank disabled row and body {}', () => {
    const state = initialTesterState();
    expect(state.reqType).toBe('GET');
    expect(state.endpoint).toBe('/api/test-todos');
    expect(state.headerRows).toEqual([
      { isUsed: true, header: 'Accept', value: '*/*' },
      { isUsed: false, header: '', value: '' },
    ]);
    expect(state.headers).toEqual({ Accept: '*/*' });
    expect(enabledHeaderCount(state.headerRows)).toBe(1);
    expect(state.body).toBe('{}');
    expect(state.bodyError).toBe(false);
    expect(state.response).toBeUndefined();
  });

  it('stores the chosen method and the typed endpoint', () => {
    const state = run(
      { type: 'setReqType', reqType: 'DELETE' },
      { type: 'setEndpoint', endpoint: 'http://127.0.0.1:9/x' },
    );
    expect(state.reqType).toBe('DELETE');
    expect(state.endpoint).toBe('http://127.0.0.1:9/x');
  });

  it('editing a header name or value updates the map', () => {
    const state = run(
      { type: 'editHeader', index: 0, field: 'value', text: 'application/json' },
      { type: 'editHeader', index: 0, field: 'header', text: 'accept' },
    );
    expect(state.headers).toEqual({ accept: 'application/json' });
    expect(state.headerRows).toHaveLength(2);
  });

  it('editing the last row appends a new empty row and sends the edited one', () => {
    const state = run(
      { type: 'editHeader', index: 1, field: 'header', text: 'X-Trace' },
      { type: 'editHeader', index: 1, field: 'value', text: 'abc' },
    );
    expect(state.headerRows).toEqual([
      { isUsed: true, header: 'Accept', value: '*/*' },
      { isUsed: true, header: 'X-Trace', value: 'abc' },
      { isUsed: false, header: '', value: '' },
    ]);
    expect(state.headers).toEqual({ Accept: '*/*', 'X-Trace': 'abc' });
    expect(enabledHeaderCount(state.headerRows)).toBe(2);
  });

  it('the checkbox removes a row from the sent headers and adds it back', () => {
    const off = run({ type: 'toggleHeader', index: 0, isUsed: false });
    expect(off.headers).toEqual({});
    expect(enabledHeaderCount(off.headerRows)).toBe(0);
    expect(off.headerRows[0]).toEqual({ isUsed: false, header: 'Accept', value: '*/*' });
    const on = testerReducer(off, { type: 'toggleHeader', index: 0, isUsed: true });
    expect(on.headers).toEqual({ Accept: '*/*' });
  });

  it('a disabled row keeps its edits out of the map', () => {
    const state = run(
      { type: 'toggleHeader', index: 0, isUsed: false },
      { type: 'editHeader', index: 0, field: 'value', text: 'text/plain' },
    );
    expect(state.headers).toEqual({});
    expect(state.headerRows[0]?.value).toBe('text/plain');
  });

  it('an enabled row without a name counts in the heading but is not sent', () => {
    const state = run({ type: 'toggleHeader', index: 1, isUsed: true });
    expect(enabledHeaderCount(state.headerRows)).toBe(2);
    expect(state.headers).toEqual({ Accept: '*/*' });
  });

  it('invalid JSON shows the error and keeps the last valid body; valid JSON clears it', () => {
    const valid = run({ type: 'editBody', text: '{"title":"x"}' });
    expect(valid).toMatchObject({ body: '{"title":"x"}', bodyError: false });
    const broken = testerReducer(valid, { type: 'editBody', text: '{"title":' });
    expect(broken).toMatchObject({ body: '{"title":"x"}', bodyText: '{"title":', bodyError: true });
    const fixed = testerReducer(broken, { type: 'editBody', text: '[1, 2]' });
    expect(fixed).toMatchObject({ body: '[1, 2]', bodyText: '[1, 2]', bodyError: false });
  });

  it('an empty body is an error and is not stored', () => {
    const state = run({ type: 'editBody', text: '' });
    expect(state).toMatchObject({ body: '{}', bodyText: '', bodyError: true });
    expect(run({ type: 'editBody', text: '   ' }).bodyError).toBe(true);
  });

  it('shows the response to the latest submit, not a late answer to an earlier one', () => {
    const first: TesterResponse = {
      kind: 'response',
      status: 200,
      statusText: 'OK',
      ok: true,
      headers: [],
      data: 1,
      durationMs: 5,
      sizeBytes: 1,
    };
    const second: TesterResponse = { ...first, data: 2 };
    let state = run({ type: 'submitted' }, { type: 'submitted' });
    expect(state.sending).toBe(true);
    state = testerReducer(state, { type: 'received', requestId: 2, response: second });
    state = testerReducer(state, { type: 'received', requestId: 1, response: first });
    expect(state.response).toEqual(second);
    expect(state.sending).toBe(false);
  });

  it('stores a failure without a response as the response', () => {
    const failure = {
      kind: 'error',
      name: 'TypeError',
      message: 'Network request failed',
    } as const;
    const state = run({ type: 'submitted' }, { type: 'received', requestId: 1, response: failure });
    expect(state.response).toEqual(failure);
  });
});

describe('the endpoint picker', () => {
  it('sets the method and endpoint, and the example body when the operation has one', () => {
    const picked = run(
      { type: 'editBody', text: '{"kept": true' },
      { type: 'pickEndpoint', reqType: 'POST', endpoint: '/api/auth/login', body: '{"a": 1}' },
    );
    expect(picked).toMatchObject({
      reqType: 'POST',
      endpoint: '/api/auth/login',
      body: '{"a": 1}',
      bodyText: '{"a": 1}',
      bodyError: false,
    });
  });

  it('leaves the body alone for an operation without one', () => {
    const picked = run(
      { type: 'editBody', text: '{"kept": true}' },
      { type: 'pickEndpoint', reqType: 'GET', endpoint: '/api/videos' },
    );
    expect(picked).toMatchObject({
      reqType: 'GET',
      endpoint: '/api/videos',
      body: '{"kept": true}',
    });
  });
});

describe("'Use my session'", () => {
  const token = 'ey.token.value';

  it('adds an enabled authorization row before the blank row, and removes it again', () => {
    const on = run({ type: 'setSessionHeader', token });
    expect(on.headerRows).toEqual([
      { isUsed: true, header: 'Accept', value: '*/*' },
      { isUsed: true, header: 'authorization', value: token },
      { isUsed: false, header: '', value: '' },
    ]);
    expect(on.headers).toEqual({ Accept: '*/*', authorization: token });
    expect(usesSession(on.headerRows, token)).toBe(true);

    const off = testerReducer(on, { type: 'setSessionHeader', token: null });
    expect(off.headerRows).toEqual(initialTesterState().headerRows);
    expect(usesSession(off.headerRows, token)).toBe(false);
  });

  it('reuses and enables an authorization row the user typed, whatever its case', () => {
    const state = run(
      { type: 'editHeader', index: 1, field: 'header', text: 'Authorization' },
      { type: 'editHeader', index: 1, field: 'value', text: 'old' },
      { type: 'toggleHeader', index: 1, isUsed: false },
      { type: 'setSessionHeader', token },
    );
    expect(state.headerRows).toHaveLength(3);
    expect(state.headers).toEqual({ Accept: '*/*', authorization: token });
  });

  it('is off when the row is disabled, holds another token, or there is no token', () => {
    const on = run({ type: 'setSessionHeader', token });
    const disabled = testerReducer(on, { type: 'toggleHeader', index: 1, isUsed: false });
    expect(usesSession(disabled.headerRows, token)).toBe(false);
    const edited = testerReducer(on, { type: 'editHeader', index: 1, field: 'value', text: 'x' });
    expect(usesSession(edited.headerRows, token)).toBe(false);
    expect(usesSession(on.headerRows, null)).toBe(false);
  });

  it('keeps the blank row last, even one that was switched on', () => {
    const state = run(
      { type: 'toggleHeader', index: 1, isUsed: true },
      { type: 'setSessionHeader', token },
    );
    expect(state.headerRows.map((row) => row.header)).toEqual(['Accept', 'authorization', '']);
  });
});

describe('loading a request from the history', () => {
  it('fills the form with its method, endpoint, headers (enabled, plus a blank row) and body', () => {
    const state = run(
      { type: 'editBody', text: 'not json' },
      {
        type: 'loadRequest',
        reqType: 'DELETE',
        endpoint: '/api/test-todos/1',
        headers: { 'X-A': '1', authorization: 'tok' },
        body: '{"x": 1}',
      },
    );
    expect(state).toMatchObject({
      reqType: 'DELETE',
      endpoint: '/api/test-todos/1',
      headers: { 'X-A': '1', authorization: 'tok' },
      body: '{"x": 1}',
      bodyText: '{"x": 1}',
      bodyError: false,
    });
    expect(state.headerRows).toEqual([
      { isUsed: true, header: 'X-A', value: '1' },
      { isUsed: true, header: 'authorization', value: 'tok' },
      { isUsed: false, header: '', value: '' },
    ]);
  });

  it('falls back to {} for a stored body that is not JSON', () => {
    const state = run({
      type: 'loadRequest',
      reqType: 'GET',
      endpoint: '/x',
      headers: {},
      body: '{broken',
    });
    expect(state.body).toBe('{}');
  });
});

describe('isJsonText', () => {
  it.each([['{}'], ['[]'], ['0'], ['"text"'], ['null'], [' {"a": [1]} ']])('accepts %s', (text) => {
    expect(isJsonText(text)).toBe(true);
  });
  it.each([[''], ['{'], ["{'a': 1}"], ['undefined'], ['{"a": 1,}']])('refuses %j', (text) => {
    expect(isJsonText(text)).toBe(false);
  });
});
