import { describe, expect, it } from 'vitest';
import { buildCurlCommand, shellQuote } from './curl';
import type { TesterRequest } from './send-request';

const base = 'http://127.0.0.1:4173/mock';
const buildRequest = (overrides: Partial<TesterRequest> = {}): TesterRequest => ({
  reqType: 'GET',
  endpoint: '/api/test-todos',
  headers: { Accept: '*/*' },
  body: '{}',
  ...overrides,
});

describe('shell quoting', () => {
  it('wraps words in single quotes and escapes single quotes inside', () => {
    expect(shellQuote('plain')).toBe("'plain'");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('')).toBe("''");
  });

  it('leaves everything but the single quote as it is: nothing else is special inside them', () => {
    // The e2e suite runs a copied command through a real shell and curl.
    const nasty = 'say "hi" $HOME `id` $(id) \\ ; | & * ? ~ ! # <> \n';
    expect(shellQuote(nasty)).toBe(`'${nasty}'`);
    expect(shellQuote("a'b'c")).toBe(`'a'\\''b'\\''c'`);
  });
});

describe('the cURL command', () => {
  it('sends a GET to the absolute URL with the enabled headers and no body', () => {
    expect(buildCurlCommand(buildRequest(), base)).toBe(
      "curl --globoff --request GET 'http://127.0.0.1:4173/api/test-todos' --header 'accept: */*'",
    );
  });

  it('resolves the endpoint as fetch does, adds the JSON content type and the compact body for POST', () => {
    const command = buildCurlCommand(
      buildRequest({
        reqType: 'POST',
        endpoint: 'api/test-todos?x=1&y=2',
        headers: { 'X-Note': "Bob's header" },
        body: '{\n  "title": "Rock \'n\' roll"\n}',
      }),
      base,
    );
    expect(command).toBe(
      [
        'curl --globoff --request POST',
        "'http://127.0.0.1:4173/api/test-todos?x=1&y=2'",
        "--header 'content-type: application/json'",
        `--header 'x-note: Bob'\\''s header'`,
        `--data-raw '{"title":"Rock '\\''n'\\'' roll"}'`,
      ].join(' '),
    );
  });

  it('keeps a content type the user chose and sends DELETE with its body', () => {
    const command = buildCurlCommand(
      buildRequest({
        reqType: 'DELETE',
        endpoint: 'https://api.example.com/items/1',
        headers: { 'Content-Type': 'application/vnd.api+json' },
        body: '[]',
      }),
      base,
    );
    expect(command).toBe(
      "curl --globoff --request DELETE 'https://api.example.com/items/1' --header 'content-type: application/vnd.api+json' --data-raw '[]'",
    );
  });

  it("turns off curl's globbing, so brackets and braces in the URL are sent as they are", () => {
    const command = buildCurlCommand(
      buildRequest({ endpoint: '/api/videos?search=[React]&tags={CSS,HTML}' }),
      base,
    );
    expect(command).toBe(
      "curl --globoff --request GET 'http://127.0.0.1:4173/api/videos?search=[React]&tags={CSS,HTML}' --header 'accept: */*'",
    );
  });

  it('refuses what the browser would refuse: a header name it cannot send', () => {
    expect(() =>
      buildCurlCommand(buildRequest({ headers: { 'bad header': 'x' } }), base),
    ).toThrow();
  });
});
