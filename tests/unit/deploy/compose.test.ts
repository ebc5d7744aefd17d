// The deploy recipe, checked without Docker (none runs here): the compose file parses, has the services the guide
// describes, gives both replicas the settings several instances need, sets only settings the server reads and the
// guide explains; the proxy balances over both replicas and adds the headers the bucket cannot keep per object.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { USER_FILE_CSP } from '../../../server/http/servedFiles.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');
const compose = parse(read('deploy/docker-compose.yml'), { merge: true }) as { services: Record<string, any> };
const guide = read('deploy/README.md');
const serverSource = fs
  .readdirSync(path.join(root, 'server'), { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => read(path.join('server', f)))
  .join('\n');

describe('deploy/docker-compose.yml', () => {
  it('has PostgreSQL, MinIO, two app replicas and a TLS proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app1', 'app2', 'minio', 'minio-setup', 'postgres', 'proxy']);
    expect(compose.services.proxy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(compose.services.app1.build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
    expect(fs.existsSync(path.join(root, 'deploy', compose.services.app1.build.context, 'Dockerfile'))).toBe(true);
  });

  it("builds the image's client with every step of `npm run build` that the server reads", () => {
    // The image once built only the client: the server found no shell renderer and every page went without it.
    const build = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.build;
    const dockerRun = read('Dockerfile').match(/^RUN npx vite build.*$/m)?.[0] ?? '';
    for (const step of ['vite build', 'build:shell', 'scripts/precompress.ts']) {
      expect(build, step).toContain(step);
      expect(dockerRun, step).toContain(step);
    }
  });

  it('gives both replicas the same settings for one database and one bucket', () => {
    const env = compose.services.app1.environment as Record<string, string>;
    expect(compose.services.app2.environment).toEqual(env);
    for (const k of [
      'DATABASE_URL',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_PUBLIC_URL',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ])
      expect(env[k], k).toBeTruthy();
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(env.S3_ENDPOINT).toBe('http://minio:9000');
  });

  it('sets only settings the server reads, each explained in the guide', () => {
    for (const k of Object.keys(compose.services.app1.environment)) {
      // Read as env.NAME, or as a key of a settings schema (config.ts and the zod schemas it joins).
      expect(serverSource, `${k} is read by the server`).toMatch(new RegExp(`env\\.${k}\\b|^\\s*${k}: `, 'm'));
      expect(guide, `${k} is in deploy/README.md`).toContain(`\`${k}\``);
    }
  });

  it('balances over both replicas and sends the bucket with the sandbox and nosniff', () => {
    const caddy = read('deploy/Caddyfile');
    expect(caddy).toMatch(/reverse_proxy app1:8080 app2:8080/);
    expect(caddy).toContain('health_uri /api/ready');
    expect(caddy).toContain(
      `Content-Security-Policy "${USER_FILE_CSP.replace("frame-ancestors 'self'", 'frame-ancestors https://{$APP_HOST}')}"`,
    );
    expect(caddy).toContain('X-Content-Type-Options nosniff');
    expect(caddy).toMatch(/@private path \/survey\/incoming\/\*/);
  });
});
