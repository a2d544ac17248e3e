// Import cycles among the project's modules (server/, src/, contract/), and product files that
// import test helpers. A cycle makes the load order matter (a module can see another half
// initialised), so the house has none; `scripts/import-cycles.test.mjs` fails on the first one.
//
//   node scripts/import-cycles.mjs      prints every cycle and every product file importing a test
//                                       helper, exits 1 when there is one
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
/** Files only tests may import: test files, and helpers named or placed as such. */
export const isTestFile = (/** @type {string} */ file) =>
  /\.test\.(ts|tsx|mts)$/.test(file) ||
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

/** The project's graph, its cycles and its product files importing test helpers (paths relative). */
export function checkHouse(root = ROOT) {
  const files = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder)));
  const graph = importGraph(files);
  const relative = (/** @type {string} */ file) => path.relative(root, file);
  return {
    files: files.length,
    cycles: findCycles(graph).map((cycle) => cycle.map(relative)),
    testImports: productFilesImportingTests(graph).map(({ file, helper }) => ({
      file: relative(file),
      helper: relative(helper),
    })),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { files, cycles, testImports } = checkHouse();
  for (const cycle of cycles) console.log(`cycle: ${cycle.join(' → ')}`);
  for (const { file, helper } of testImports) console.log(`test helper in the product: ${file} → ${helper}`);
  console.log(
    `${files} modules, ${cycles.length} cycles, ${testImports.length} product imports of test helpers`,
  );
  process.exitCode = cycles.length + testImports.length > 0 ? 1 : 0;
}
