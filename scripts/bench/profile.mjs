// The API's CPU profile for `npm run bench` with BENCH_PROFILE=1: the server runs with Node's --cpu-prof
// (the profile is written when it exits), and the report lists where its time went: the functions with
// the most self time (the server's own code located through dist/main.mjs's source map) and the same by
// package. Sampling costs a few per cent of throughput, so the figures of a profiled run are a little low.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';

const SPECIAL = new Set(['(program)', '(idle)', '(garbage collector)', '(root)']);

/** The newest .cpuprofile in `dir`. */
export function newestProfile(dir) {
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile')).map((name) => path.join(dir, name));
  if (files.length === 0) throw new Error(`no .cpuprofile in ${dir}: did the API exit normally?`);
  return files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

/** Where a call frame's code lives: a package, the server's own source file, Node itself, or V8's buckets. */
function locate(frame, root, sourceMaps) {
  if (SPECIAL.has(frame.functionName) && !frame.url) return { where: frame.functionName, owner: frame.functionName };
  const url = frame.url;
  if (!url) return { where: frame.functionName || '(native)', owner: '(native)' };
  if (url.startsWith('node:')) return { where: `${url}:${frame.lineNumber + 1}`, owner: 'node' };
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = file.slice(modules + '/node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return { where: `${name}/${rest.slice(name.split('/').length).join('/')}:${frame.lineNumber + 1}`, owner: name };
  }
  let map = sourceMaps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    sourceMaps.set(file, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (entry && entry.originalSource) {
    const source = path.relative(root, path.resolve(path.dirname(file), entry.originalSource.replace(/^file:\/\//, '')));
    return { where: `${source}:${entry.originalLine + 1}`, owner: source.split('/').slice(0, 4).join('/') };
  }
  return { where: `${path.relative(root, file)}:${frame.lineNumber + 1}`, owner: path.relative(root, file) };
}

/** Self time by function and by owner (package, server module, Node, V8), the `top` largest of each. */
export function summarizeProfile(file, root, top = 15) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const selfUs = new Map();
  for (let index = 0; index < profile.samples.length; index += 1) {
    selfUs.set(profile.samples[index], (selfUs.get(profile.samples[index]) ?? 0) + (profile.timeDeltas[index] ?? 0));
  }
  const sourceMaps = new Map();
  const byFunction = new Map();
  const byOwner = new Map();
  let totalUs = 0;
  let idleUs = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0) continue;
    if (node.callFrame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    totalUs += us;
    const { where, owner } = locate(node.callFrame, root, sourceMaps);
    const key = `${node.callFrame.functionName || '(anonymous)'} ${where}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + us);
  }
  const ranked = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, selfMs: Math.round(us / 1000), share: Math.round((us / totalUs) * 1000) / 10 }));
  return { file: path.relative(root, file), busyMs: Math.round(totalUs / 1000), idleMs: Math.round(idleUs / 1000), functions: ranked(byFunction), owners: ranked(byOwner) };
}

export function profileMarkdown(summary) {
  const table = (title, rows) => [`| ${title} | self ms | share of busy time |`, '|---|---:|---:|', ...rows.map((row) => `| \`${row.name}\` | ${row.selfMs} | ${row.share}% |`)].join('\n');
  return [
    '## Where the API spent its time',
    `CPU profile of the API process over the whole run (\`BENCH_PROFILE=1\`: Node's --cpu-prof; ${summary.file}): ${summary.busyMs} ms busy, ${summary.idleMs} ms idle. Self time; "(program)" is V8 and native work outside JavaScript functions.`,
    table('function', summary.functions),
    table('package or module', summary.owners),
  ].join('\n\n');
}
