/** A JSON call to a running server; network failures reject (the request was not acknowledged). */
export async function callServer(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
  // Tests read whatever shape each route answers.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Signs up a fresh user on a running server and returns their token and credentials. */
export async function signUpOn(baseUrl: string, label: string) {
  const credentials = {
    firstName: 'Test',
    lastName: label,
    email: `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    password: `test-password-${label}`,
  };
  const result = await callServer(baseUrl, 'POST', '/api/auth/signup', { body: credentials });
  if (result.status !== 201) throw new Error(`signup failed: ${JSON.stringify(result.body)}`);
  return { token: result.body.encodedToken as string, credentials };
}
