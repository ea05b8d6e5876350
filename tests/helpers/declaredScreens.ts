import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The console's screens as its declarations name them (src/resources/, src/custom/screens.ts), by source file: the
 * bundle budgets measure the chunks that hold them, so a new resource or page is budgeted without editing a list.
 * Read from the declarations' text, since a lazy screen keeps no trace of the file it loads.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The repository path of the module `specifier` names from `file` (`./AdminList` → `src/resources/admins/AdminList.tsx`). */
function resolveModule(file: string, specifier: string): string {
  const base = posix.join(posix.dirname(file), specifier);
  const found = ['', '.tsx', '.ts', '/index.tsx', '/index.ts']
    .map((ending) => `${base}${ending}`)
    .find((path) => statSync(join(ROOT, path), { throwIfNoEntry: false })?.isFile());
  if (!found) throw new Error(`${file}: cannot resolve ${specifier}`);
  return found;
}

/** The file a property's lazy screen loads (`list: lazyNamed(() => import('./AdminList'), …)`). */
function lazyScreen(file: string, text: string, property: string): string | undefined {
  const specifier = new RegExp(`\\b${property}:\\s*lazyNamed\\(\\s*\\(\\)\\s*=>\\s*import\\('([^']+)'\\)`).exec(text)?.[1];
  return specifier ? resolveModule(file, specifier) : undefined;
}

/** The modules of src/ that `file` imports as values (not types, not lazily), by repository path. */
const valueImports = (file: string): string[] =>
  [...read(file).matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s+)?'(\.[^']+)'/gm)].map((match) => resolveModule(file, match[1] ?? ''));

/** Every module of src/ that loading `file` loads with it: its value imports, and theirs. */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !file.startsWith('src/')) return seen;
  seen.add(file);
  for (const imported of valueImports(file)) staticGraph(imported, seen);
  return seen;
}

const resourceFiles = () =>
  readdirSync(join(ROOT, 'src/resources'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'src/resources', entry.name, 'index.ts')))
    .map((entry) => `src/resources/${entry.name}/index.ts`);

/** Each menu entry's screen: a resource's list (src/resources/{folder}/index.ts), a page's own (definePage in src/resources/index.ts). */
export function menuScreens(): string[] {
  const lists = resourceFiles().flatMap((file) => {
    const text = read(file);
    if (!/\bmenu:/.test(text)) return [];
    const list = lazyScreen(file, text, 'list');
    if (!list) throw new Error(`${file}: a menu entry without a lazy list`);
    return [list];
  });
  const pagesFile = 'src/resources/index.ts';
  const pages = read(pagesFile)
    .split('definePage(')
    .slice(1)
    .filter((block) => /\bmenu:/.test(block))
    .map((block) => {
      const page = lazyScreen(pagesFile, block, 'page');
      if (!page) throw new Error(`${pagesFile}: a page with a menu entry but no lazy page`);
      return page;
    });
  return [...lists, ...pages];
}

/** The list an entity declared by its fields alone shows (fieldResource's default, read from its text): built whether or not one is declared. */
export function derivedListScreen(): string {
  const file = 'src/custom/fields/fieldResource.tsx';
  const specifier = /screens\.list \?\? lazyNamed\(\(\) => import\('([^']+)'\)/.exec(read(file))?.[1];
  if (!specifier) throw new Error(`${file}: no derived list`);
  return resolveModule(file, specifier);
}

/** The screens outside the menu's resources and pages (src/custom/screens.ts): the Dashboard, the account. */
export function shellScreens(): string[] {
  const file = 'src/custom/screens.ts';
  return [...read(file).matchAll(/lazyNamed\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g)].map((match) => resolveModule(file, match[1] ?? ''));
}

/**
 * What each list's first rows do not need, by list: the inputs its create dialog loads (`createForm`, whose module
 * imports them lazily) and the shared input components those inputs import (src/custom/components/: uploads, pickers)
 * that the list's own code does not import, a component in a folder of its own standing for the folder.
 */
export function createFormParts(): Record<string, { inputs: string; parts: string[] }> {
  return Object.fromEntries(
    resourceFiles().flatMap((file) => {
      const text = read(file);
      const list = lazyScreen(file, text, 'list');
      const form = /\bcreateForm:\s*(\w+)/.exec(text)?.[1];
      if (!list || !form) return [];
      const formModule = new RegExp(`import\\s*\\{[^}]*\\b${form}\\b[^}]*\\}\\s*from\\s*'([^']+)'`).exec(text)?.[1];
      if (!formModule) throw new Error(`${file}: cannot find where ${form} comes from`);
      const formFile = resolveModule(file, formModule);
      const inputsModule = /import\('([^']+)'\)/.exec(read(formFile))?.[1];
      if (!inputsModule) throw new Error(`${formFile}: its create form loads no inputs lazily`);
      const inputs = resolveModule(formFile, inputsModule);
      // What the list's own code loads (its filters' domain selects) is not the form's alone.
      const listGraph = [...staticGraph(list)];
      const parts = valueImports(inputs)
        .filter((path) => path.startsWith('src/custom/components/'))
        // A part in a folder of its own (upload/) is the whole folder.
        .map((path) => /^src\/custom\/components\/[^/]+\//.exec(path)?.[0] ?? path)
        .filter((part) => !listGraph.some((path) => path.startsWith(part)));
      return [[list, { inputs, parts }]];
    }),
  );
}
