// `npm run test:containers`: the container integration tests (tests/containers/), which start real
// PostgreSQL and Redis images with testcontainers. They need a Docker engine; where none answers (the
// development and CI machines of this project have none) this says so and exits 0, unless
// CARAVAN_REQUIRE_DOCKER=1 makes that a failure. The same summary line as `npm test` ends the run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failureLines, summarize } from './test-summary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));

function engineAnswers() {
  const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8', timeout: 20_000 });
  if (info.status === 0 && info.stdout.trim()) return `Docker ${info.stdout.trim()}`;
  // testcontainers also finds engines without the docker CLI (DOCKER_HOST, a socket, Podman, Colima ...)
  if (process.env.DOCKER_HOST) return `DOCKER_HOST=${process.env.DOCKER_HOST}`;
  return undefined;
}

const engine = engineAnswers();
if (!engine) {
  const message = 'no Docker engine answers (docker info failed and DOCKER_HOST is unset): the container tests did not run';
  if (process.env.CARAVAN_REQUIRE_DOCKER === '1') {
    process.stderr.write(`[test:containers] ${message}, and CARAVAN_REQUIRE_DOCKER=1\n`);
    process.stdout.write('0 passed, 1 failed\n');
    process.exit(1);
  }
  process.stdout.write(`[test:containers] ${message}. Run them where Docker runs, e.g. a developer laptop.\n`);
  process.exit(0);
}
process.stdout.write(`[test:containers] engine: ${engine}\n`);

const report = path.join(root, '.tmp', 'vitest-containers-report.json');
mkdirSync(path.dirname(report), { recursive: true });
rmSync(report, { force: true });
const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
const result = spawnSync(
  process.execPath,
  [vitest, 'run', '--config', 'vitest.containers.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);
const summary = summarize(report, result.status, root);
for (const line of failureLines(summary)) process.stdout.write(`${line}\n`);
process.stdout.write(`${summary.line}\n`);
process.exit(result.status === 0 && summary.failed === 0 ? 0 : 1);
