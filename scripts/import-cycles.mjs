// Import cycles among the project's modules (server/, src/, contract/), and product files that
// import test helpers. A cycle makes the load order matter (a module can see another half
// initialised), so the house has none; `scripts/import-cycles.test.mjs` fails on the first one.
// Two coarser rules keep the layers readable: no cycle between the top-level folders of server/
// (`http` → `modules` → `db`, never back), and the stages of the request lifecycle
// (server/requests/<stage>/) import only earlier stages.
//
//   node scripts/import-cycles.mjs      prints every cycle, folder cycle, backward stage import and
//                                       product file importing a test helper; exits 1 on any
//
// Only imports that exist at run time count: `import type`, `export type` and imports whose every
// name is marked `type` are erased by the compiler; a dynamic `import()` loads on demand and cannot
// close a cycle at load time.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCE_FOLDERS = ['server', 'src', 'contract'];
const SOURCE_FILE = /\.(ts|tsx|mts)$/;
/**
 * Files only tests may import: test files, and helpers named or placed as such (`tests/support/`,
 * a `testing/` folder or a `*.testing.ts` file beside the tests that use it).
 */
export const isTestFile = (/** @type {string} */ file) =>
  /\.test\.(ts|tsx|mts)$/.test(file) ||
  /\.testing\.(ts|tsx|mts)$/.test(file) ||
  /(^|\/)test-[^/]*$/.test(file) ||
  /(^|\/)(test|tests|testing)\//.test(file);

/** @param {string} folder */
function sourceFiles(folder) {
  /** @type {string[]} */
  const found = [];
  const walk = (/** @type {string} */ dir) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== 'node_modules') walk(full);
      } else if (SOURCE_FILE.test(name) && !name.endsWith('.d.ts')) found.push(full);
    }
  };
  if (existsSync(folder)) walk(folder);
  return found;
}

// `import … from '…'`, `export … from '…'`, `import '…'` (possibly over several lines).
const STATIC_IMPORT = /^[ \t]*(import|export)\s+(?:(type)\s+)?(?:([^'";]*?)\s+from\s+)?['"]([^'"\n]+)['"]/gm;

/**
 * The specifiers a module imports at run time.
 * @param {string} text
 */
export function runtimeImports(text) {
  /** @type {string[]} */
  const specifiers = [];
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const [, keyword, typeOnly, clause, specifier] = match;
    if (typeOnly) continue;
    // `export const x = …` and the like are not re-exports.
    if (keyword === 'export' && clause === undefined) continue;
    if (clause && /^\{[\s\S]*\}$/.test(clause.trim())) {
      const names = clause
        .trim()
        .slice(1, -1)
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      if (names.length > 0 && names.every((name) => name.startsWith('type '))) continue;
    }
    specifiers.push(/** @type {string} */ (specifier));
  }
  return specifiers;
}

/**
 * The file a relative specifier names (`./x.js` is `./x.ts` in the sources), or null for a package.
 * @param {string} from
 * @param {string} specifier
 */
export function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((file) => SOURCE_FILE.test(file) && existsSync(file)) ?? null;
}

/**
 * The run-time import graph of the given files: file → the project files it imports.
 * @param {string[]} files
 * @param {(file: string) => string} read
 */
export function importGraph(files, read = (file) => readFileSync(file, 'utf8')) {
  /** @type {Map<string, string[]>} */
  const graph = new Map();
  for (const file of files) {
    const targets = runtimeImports(read(file))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target) => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The cycles of a graph: each strongly connected component of more than one module (or a module
 * importing itself), as one cycle through it.
 * @param {Map<string, string[]>} graph
 * @returns {string[][]}
 */
export function findCycles(graph) {
  // Tarjan's algorithm, iterative: deep import chains must not overflow the stack.
  let counter = 0;
  /** @type {Map<string, number>} */
  const index = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  const onStack = new Set();
  /** @type {string[]} */
  const stack = [];
  /** @type {string[][]} */
  const components = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    /** @type {{ node: string, next: number }[]} */
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = /** @type {{ node: string, next: number }} */ (work.at(-1));
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = /** @type {string} */ (edges[frame.next++]);
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(
            frame.node,
            Math.min(/** @type {number} */ (low.get(frame.node)), /** @type {number} */ (index.get(target))),
          );
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent)
        low.set(
          parent.node,
          Math.min(/** @type {number} */ (low.get(parent.node)), /** @type {number} */ (low.get(frame.node))),
        );
      if (low.get(frame.node) === index.get(frame.node)) {
        /** @type {string[]} */
        const component = [];
        let member;
        do {
          member = /** @type {string} */ (stack.pop());
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfImport) components.push(component);
      }
    }
  }
  return components.map((component) => cycleThrough(graph, new Set(component)));
}

/**
 * One closed path through a strongly connected component, to print: from its first module by
 * breadth-first search back to it.
 * @param {Map<string, string[]>} graph
 * @param {Set<string>} members
 */
function cycleThrough(graph, members) {
  const start = [...members].sort()[0];
  /** @type {Map<string, string>} */
  const cameFrom = new Map();
  /** @type {string[]} */
  const queue = [/** @type {string} */ (start)];
  while (queue.length > 0) {
    const node = /** @type {string} */ (queue.shift());
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        /** @type {string[]} */
        const path = [node];
        while (path[0] !== start)
          path.unshift(/** @type {string} */ (cameFrom.get(/** @type {string} */ (path[0]))));
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [/** @type {string} */ (start), /** @type {string} */ (start)];
}

/**
 * Product files (not tests) that import a test helper.
 * @param {Map<string, string[]>} graph
 */
export function productFilesImportingTests(graph) {
  /** @type {{ file: string, helper: string }[]} */
  const found = [];
  for (const [file, targets] of graph) {
    if (isTestFile(file)) continue;
    for (const target of targets) if (isTestFile(target)) found.push({ file, helper: target });
  }
  return found;
}

/**
 * The stages of the request lifecycle, server/requests/<stage>/, earliest first: a stage may import
 * `core` and the stages before it, never one after it. `sealing` comes before the stages that start
 * a seal (the signer's last signature, an approved auto-signature).
 */
export const REQUEST_STAGES = [
  'core',
  'sending',
  'bulk',
  'pdf',
  'history',
  'sealing',
  'signer',
  'approval',
  'validation',
];
const REQUESTS = 'server/requests/';

/** A file's stage, `undefined` outside server/requests/, `null` for a file in no known stage. */
const stageOf = (/** @type {string} */ file) => {
  if (!file.startsWith(REQUESTS)) return undefined;
  const stage = file.slice(REQUESTS.length).split('/')[0];
  return file.slice(REQUESTS.length).includes('/') && REQUEST_STAGES.includes(stage) ? stage : null;
};

/**
 * Product files of server/requests/ that lie in no known stage or import a later stage (paths
 * relative to the root; tests may import any stage).
 * @param {Map<string, string[]>} graph
 */
export function backwardStageImports(graph) {
  /** @type {{ file: string, imports: string }[]} */
  const found = [];
  for (const [file, targets] of graph) {
    const stage = stageOf(file);
    if (stage === undefined || isTestFile(file)) continue;
    if (stage === null) {
      found.push({ file, imports: `(not in a stage: ${REQUEST_STAGES.join(', ')})` });
      continue;
    }
    for (const target of targets) {
      const targetStage = stageOf(target);
      if (targetStage && REQUEST_STAGES.indexOf(targetStage) > REQUEST_STAGES.indexOf(stage))
        found.push({ file, imports: target });
    }
  }
  return found;
}

/**
 * Cycles between the top-level folders of server/ (`server/http`, `server/modules`, …) over the
 * imports of product files, each with one import that closes it, so the fix is easy to find.
 * @param {Map<string, string[]>} graph  over paths relative to the root
 */
export function folderCycles(graph) {
  const folderOf = (/** @type {string} */ file) => {
    const parts = file.split('/');
    return parts[0] === 'server' && parts.length > 2 ? `server/${parts[1]}` : null;
  };
  /** @type {Map<string, Set<string>>} */
  const folders = new Map();
  /** @type {Map<string, string>} */
  const example = new Map();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!from || isTestFile(file)) continue;
    for (const target of targets) {
      const to = folderOf(target);
      if (!to || to === from) continue;
      if (!folders.has(from)) folders.set(from, new Set());
      folders.get(from)?.add(to);
      if (!example.has(`${from}→${to}`)) example.set(`${from}→${to}`, `${file} → ${target}`);
    }
  }
  const folderGraph = new Map([...folders].map(([folder, targets]) => [folder, [...targets].sort()]));
  return findCycles(folderGraph).map((cycle) => ({
    cycle,
    imports: cycle.slice(1).map((to, n) => /** @type {string} */ (example.get(`${cycle[n]}→${to}`))),
  }));
}

/**
 * The project's graph, its cycles, its folder cycles and backward stage imports, and its product
 * files importing test helpers (paths relative).
 */
export function checkHouse(root = ROOT) {
  const files = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder)));
  const relative = (/** @type {string} */ file) => path.relative(root, file).split(path.sep).join('/');
  const graph = new Map(
    [...importGraph(files)].map(([file, targets]) => [relative(file), targets.map(relative)]),
  );
  return {
    files: files.length,
    cycles: findCycles(graph),
    folderCycles: folderCycles(graph),
    stageImports: backwardStageImports(graph),
    testImports: productFilesImportingTests(graph),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { files, cycles, folderCycles, stageImports, testImports } = checkHouse();
  for (const cycle of cycles) console.log(`cycle: ${cycle.join(' → ')}`);
  for (const { cycle, imports } of folderCycles)
    console.log(`folder cycle: ${cycle.join(' → ')}\n  ${imports.join('\n  ')}`);
  for (const { file, imports } of stageImports) console.log(`later stage imported: ${file} → ${imports}`);
  for (const { file, helper } of testImports) console.log(`test helper in the product: ${file} → ${helper}`);
  console.log(
    `${files} modules, ${cycles.length} cycles, ${folderCycles.length} folder cycles, ` +
      `${stageImports.length} backward stage imports, ${testImports.length} product imports of test helpers`,
  );
  const problems = cycles.length + folderCycles.length + stageImports.length + testImports.length;
  process.exitCode = problems > 0 ? 1 : 0;
}
