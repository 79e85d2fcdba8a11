import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../contract/limits';
import { freePort } from '../testing/free-port';
import { killAllServers, startServer, type ServerProcess } from '../testing/server-process';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

/**
 * The compiled server behind a real nginx (Debian's package, `apt-get install -y nginx`; .ci/run
 * installs it) running the repository's deploy/nginx.conf, with a certificate made for the test:
 * the client addresses the app sees through it, the body limit and the security headers.
 */
const NGINX = '/usr/sbin/nginx';
const hasNginx = existsSync(NGINX);
const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Loopback addresses the test's clients connect from (Linux answers all of 127/8). */
const CLIENT_A = '127.0.0.2';
const CLIENT_B = '127.0.0.3';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * deploy/nginx.conf made to run here: its ports, the app's address and the certificate's paths
 * replaced (each replacement must find its text, so a changed config fails loudly), the IPv6
 * listens dropped.
 */
function siteConfig(ports: { app: number; http: number; https: number }, dir: string): string {
  let text = readFileSync(join(projectRoot, 'deploy/nginx.conf'), 'utf8');
  const replace = (from: string | RegExp, to: string) => {
    const next = text.replace(from, to);
    if (next === text) throw new Error(`deploy/nginx.conf no longer has ${String(from)}`);
    text = next;
  };
  replace('server 127.0.0.1:3000;', `server 127.0.0.1:${ports.app};`);
  replace(/^\s*listen \[::\]:80;\n/m, '');
  replace(/^\s*listen \[::\]:443 ssl http2;\n/m, '');
  replace('listen 80;', `listen 127.0.0.1:${ports.http};`);
  replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`);
  replace(/ssl_certificate \S+;/, `ssl_certificate ${join(dir, 'cert.pem')};`);
  replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${join(dir, 'key.pem')};`);
  replace(/\/var\/log\/nginx\/codetube\.access\.log/g, join(dir, 'access.log'));
  replace('root /srv/codetube/deploy;', `root ${join(projectRoot, 'deploy')};`);
  return text;
}

describe.skipIf(!hasNginx)(
  `behind nginx with deploy/nginx.conf${hasNginx ? '' : ` (skipped: ${NGINX} is missing; apt-get install -y nginx)`}`,
  () => {
    const dir = createTempDir();
    let nginx: ChildProcess | undefined;
    let nginxExited: Promise<void> | undefined;
    let ports: { app: number; http: number; https: number };
    let cert: string;
    let server: ServerProcess;

    beforeAll(async () => {
      const made = spawnSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          join(dir.path, 'key.pem'),
          '-out',
          join(dir.path, 'cert.pem'),
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=IP:127.0.0.1,DNS:localhost',
        ],
        { encoding: 'utf8' },
      );
      if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
      cert = readFileSync(join(dir.path, 'cert.pem'), 'utf8');

      server = await startServer(
        {
          DATA_DIR: dir.path,
          WEB_DIR: writeWebFixture(dir.path),
          DATABASE_URL: join(dir.path, 'codetube.sqlite'),
          JWT_SECRET: 'behind-nginx-test-secret-of-at-least-32-chars',
          // The proxy's address as the app sees it.
          TRUST_PROXY: '127.0.0.1',
          SIGNUPS_PER_HOUR: '2',
          WEB_CONCURRENCY: '1',
        },
        [3524, 3527],
      );
      ports = {
        app: Number(new URL(server.url).port),
        https: await freePort(3528, 3533),
        http: await freePort(3534, 3539),
      };
      for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
        mkdirSync(join(dir.path, temp));
      }
      writeFileSync(join(dir.path, 'codetube.conf'), siteConfig(ports, dir.path));
      writeFileSync(
        join(dir.path, 'nginx.conf'),
        [
          // As root, nginx's workers would otherwise run as nobody, who cannot enter the temp folder.
          process.getuid?.() === 0 ? 'user root;' : '',
          'daemon off;',
          'worker_processes 1;',
          `pid ${join(dir.path, 'nginx.pid')};`,
          `error_log ${join(dir.path, 'error.log')} warn;`,
          'events { worker_connections 128; }',
          'http {',
          '  access_log off;',
          ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
            (temp) =>
              `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${join(dir.path, temp)};`,
          ),
          `  include ${join(dir.path, 'codetube.conf')};`,
          '}',
        ].join('\n'),
      );
      const args = ['-p', dir.path, '-c', join(dir.path, 'nginx.conf')];
      const checked = spawnSync(NGINX, ['-t', ...args], { encoding: 'utf8' });
      if (checked.status !== 0) throw new Error(`nginx -t failed:\n${checked.stderr}`);
      nginx = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let errors = '';
      nginx.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      nginxExited = new Promise((done) => nginx!.once('exit', () => done()));
      // Listening once it answers (it prints nothing when ready).
      for (;;) {
        if (nginx.exitCode !== null) throw new Error(`nginx exited:\n${errors}`);
        try {
          await send('http', '/healthz');
          break;
        } catch {
          await new Promise((wait) => setTimeout(wait, 20));
        }
      }
    }, 60_000);

    afterAll(async () => {
      nginx?.kill('SIGQUIT');
      await nginxExited;
      killAllServers();
      await dir.drop();
    });

    /** One request through nginx, on a connection of its own from `localAddress`. */
    function send(
      scheme: 'http' | 'https',
      path: string,
      options: {
        method?: string;
        headers?: Record<string, string>;
        body?: string;
        from?: string;
      } = {},
    ): Promise<Answer> {
      return new Promise((done, fail) => {
        const common = {
          host: '127.0.0.1',
          port: scheme === 'https' ? ports.https : ports.http,
          path,
          method: options.method ?? 'GET',
          headers: options.headers,
          localAddress: options.from ?? CLIENT_A,
          agent: false as const,
        };
        const request =
          scheme === 'https' ? httpsRequest({ ...common, ca: cert }) : httpRequest(common);
        request.once('error', fail);
        request.once('response', (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.once('end', () =>
            done({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        });
        request.end(options.body);
      });
    }

    const signup = (index: number, from: string, headers: Record<string, string> = {}) =>
      send('https', '/api/auth/signup', {
        method: 'POST',
        from,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          firstName: 'Nell',
          lastName: 'Proxy',
          email: `nginx-${index}@example.com`,
          password: `correct-horse-${index}-battery`,
        }),
      });

    it('sends the security headers over HTTPS, HSTS included, and no nginx version', async () => {
      const answer = await send('https', '/api/health');
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      // nginx's request id, passed on and echoed by the app.
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
      expect(answer.headers.server).toBe('nginx');
    });

    it('sends plain HTTP to HTTPS, without HSTS', async () => {
      const answer = await send('http', '/watch/abc');
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe('https://127.0.0.1/watch/abc');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    });

    it('limits signups per real client, whatever X-Forwarded-For a client sends', async () => {
      expect((await signup(1, CLIENT_A)).status).toBe(201);
      expect((await signup(2, CLIENT_A)).status).toBe(201);
      expect((await signup(3, CLIENT_A)).status).toBe(429);
      // A made-up address to the left of nginx's entry is never reached.
      expect((await signup(4, CLIENT_A, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
      // Another client behind the same proxy has signups of its own.
      expect((await signup(5, CLIENT_B)).status).toBe(201);
    }, 30_000);

    it("passes a body over the app's limit to the app, which answers its JSON 413", async () => {
      const answer = await send('https', '/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(MAX_BODY_BYTES) }),
      });
      expect(answer.status).toBe(413);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(JSON.parse(answer.body)).toHaveProperty('errors');
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    });

    it("logs nginx's request id in its access log (JSON) and in the app's line for the request", async () => {
      const answer = await send('https', '/api/videos?limit=1', { from: CLIENT_B });
      expect(answer.status).toBe(200);
      const id = answer.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      // nginx writes the line once the answer is sent: read until it is there.
      const accessLine = async (): Promise<Record<string, unknown>> => {
        for (;;) {
          const text = existsSync(join(dir.path, 'access.log'))
            ? readFileSync(join(dir.path, 'access.log'), 'utf8')
            : '';
          const line = text.split('\n').find((each) => each.includes(String(id)));
          if (line) return JSON.parse(line) as Record<string, unknown>;
          await new Promise((wait) => setTimeout(wait, 20));
        }
      };
      expect(await accessLine()).toMatchObject({
        request_id: id,
        remote_addr: CLIENT_B,
        status: '200',
        uri: '/api/videos',
      });
      await server.waitForOutput(new RegExp(`"reqId":"${String(id)}"`));
      const appLine = server
        .output()
        .split('\n')
        .find((each) => each.includes(`"reqId":"${String(id)}"`));
      expect(JSON.parse(appLine!)).toMatchObject({ reqId: id, client: CLIENT_B, status: 200 });
    });

    // Last: it stops the app.
    it('answers a maintenance page (503, Retry-After) while the app is down, not a bare 502', async () => {
      await server.stop('SIGTERM');
      const page = await send('https', '/watch/abc');
      expect(page.status).toBe(503);
      expect(page.headers['retry-after']).toMatch(/^\d+$/);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('CodeTube is restarting');
      const api = await send('https', '/api/health');
      expect(api.status).toBe(503);
      expect(api.headers['retry-after']).toMatch(/^\d+$/);
    });
  },
);
