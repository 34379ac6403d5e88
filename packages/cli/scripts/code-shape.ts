// Measures what issue #47 asks to watch in the source: the longest functions, the casts that
// step around the type checker (`as unknown as`, `as never`) and the exported names nothing
// imports. Run from the repository root:
//
//   node --import tsx packages/cli/scripts/code-shape.ts [--top N] [--no-exports] [--local] [--json]
//
// Source is packages/*/src; test files (*.test.ts, test-*.ts, anything under e2e/ or test/)
// are counted apart. Lengths are lines from a function's first to its last line, nested
// functions included in their parent and also listed on their own.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

const root = process.cwd();

/** A function's place and size. */
export interface FunctionLength {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly lines: number;
}

/** An exported name no other file refers to; `local` when its own file still uses it. */
export interface UnusedExport {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly local: boolean;
  /** Other files use it, but only tests. */
  readonly testsOnly: boolean;
}

const SOURCE = /\.(ts|tsx)$/;

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...listSources(path));
    else if (SOURCE.test(entry) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Test code, reported apart from the product's source. */
export function isTestFile(path: string): boolean {
  const parts = relative(root, path).split(sep);
  const name = parts[parts.length - 1] ?? '';
  return (
    /\.test\.tsx?$/.test(name) || name.startsWith('test-') || parts.includes('e2e') || parts.includes('test')
  );
}

function functionName(node: ts.Node, file: ts.SourceFile): string {
  const named = (n: ts.Node): string | undefined =>
    'name' in n && n.name && ts.isIdentifier(n.name as ts.Node) ? (n.name as ts.Identifier).text : undefined;
  const own = named(node);
  const parent = node.parent;
  if (own) {
    const owner = ts.isClassLike(parent) ? named(parent) : undefined;
    return owner ? `${owner}.${own}` : own;
  }
  if (ts.isConstructorDeclaration(node)) return `${named(parent) ?? '<class>'}.constructor`;
  if (
    ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent)
  ) {
    const name = named(parent);
    if (name) return name;
  }
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(file);
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? ` '${first.text}'` : '';
    return `<callback of ${callee}${label}>`;
  }
  return '<anonymous>';
}

function isFunctionLike(node: ts.Node): boolean {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** Every function of a file with its length in lines. */
export function functionLengths(file: ts.SourceFile, path: string): FunctionLength[] {
  const out: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node)) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ name: functionName(node, file), file: path, line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** `x as unknown as T` and `x as never` in a file. */
export function countCasts(file: ts.SourceFile): number {
  let casts = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node)) {
      const inner = node.expression;
      const unknownFirst = ts.isAsExpression(inner) && inner.type.kind === ts.SyntaxKind.UnknownKeyword;
      if (unknownFirst || node.type.kind === ts.SyntaxKind.NeverKeyword) casts += 1;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return casts;
}

function isDeclarationName(id: ts.Identifier): boolean {
  const parent = id.parent;
  return (
    ts.isImportSpecifier(parent) ||
    ts.isExportSpecifier(parent) ||
    ts.isImportClause(parent) ||
    ts.isNamespaceImport(parent) ||
    ('name' in parent && (parent as { name?: ts.Node }).name === id && ts.isDeclarationStatement(parent)) ||
    (ts.isVariableDeclaration(parent) && parent.name === id)
  );
}

/**
 * Exports read by a name the type checker does not follow, so never listed as unused: the
 * command's JavaScript entry (packages/cli/bin/stavka.js imports `run`), and each game's
 * rules-text declaration (rules-text/sources.ts imports `<game>/rules-text.ts` by its path
 * and reads `rulesText`).
 */
const READ_AT_RUN_TIME: readonly { readonly file: RegExp; readonly name: string }[] = [
  { file: /^packages\/cli\/src\/main\.ts$/, name: 'run' },
  { file: /^packages\/games\/src\/[^/]+\/rules-text\.ts$/, name: 'rulesText' },
];

/**
 * Exported names of packages/*\/src that no other file (source, test, script or bench) refers
 * to. Re-exports and imports are not uses: a name only re-exported by an index is unused.
 */
export function unusedExports(program: ts.Program, sources: readonly string[]): UnusedExport[] {
  const checker = program.getTypeChecker();
  const usedFrom = new Map<ts.Symbol, Set<string>>();
  const resolve = (symbol: ts.Symbol): ts.Symbol =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || file.fileName.includes('node_modules')) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && !isDeclarationName(node)) {
        const symbol = checker.getSymbolAtLocation(node);
        if (symbol) {
          const target = resolve(symbol);
          const files = usedFrom.get(target) ?? new Set<string>();
          files.add(file.fileName);
          usedFrom.set(target, files);
        }
      }
      // `{ name }` shorthand refers to the value in scope, not the property.
      if (ts.isShorthandPropertyAssignment(node)) {
        const value = checker.getShorthandAssignmentValueSymbol(node);
        if (value) {
          const files = usedFrom.get(resolve(value)) ?? new Set<string>();
          files.add(file.fileName);
          usedFrom.set(resolve(value), files);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  const out: UnusedExport[] = [];
  const wanted = new Set(sources.map((s) => join(root, s)));
  for (const file of program.getSourceFiles()) {
    if (!wanted.has(file.fileName) || isTestFile(file.fileName)) continue;
    const moduleSymbol = checker.getSymbolAtLocation(file);
    if (!moduleSymbol) continue;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      if (exported.flags & ts.SymbolFlags.Alias) continue; // a re-export: counted at its source
      const declaration = exported.declarations?.[0];
      if (!declaration || declaration.getSourceFile() !== file) continue;
      const path = relative(root, file.fileName).split(sep).join('/');
      if (READ_AT_RUN_TIME.some((r) => r.name === exported.getName() && r.file.test(path))) continue;
      const users = usedFrom.get(exported) ?? new Set<string>();
      const elsewhere = [...users].filter((f) => f !== file.fileName);
      if (elsewhere.some((f) => !isTestFile(f))) continue;
      const line = file.getLineAndCharacterOfPosition(declaration.getStart(file)).line + 1;
      const local = users.has(file.fileName);
      out.push({
        name: exported.getName(),
        file: relative(root, file.fileName),
        line,
        local,
        testsOnly: elsewhere.length > 0,
      });
    }
  }
  return out.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

function main(): void {
  const args = process.argv.slice(2);
  const topArg = args.indexOf('--top');
  const top = topArg >= 0 ? Number(args[topArg + 1]) : 20;
  if (!Number.isInteger(top) || top < 1) throw new Error('--top takes a whole number of 1 or more');
  const packagesDir = join(root, 'packages');
  const sources = readdirSync(packagesDir)
    .map((p) => join(packagesDir, p, 'src'))
    .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    .flatMap(listSources)
    .map((p) => relative(root, p))
    .sort();

  const lengths: FunctionLength[] = [];
  const casts: { file: string; casts: number; test: boolean }[] = [];
  for (const path of sources) {
    const text = ts.sys.readFile(join(root, path)) ?? '';
    const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true, kind);
    if (!isTestFile(path)) lengths.push(...functionLengths(file, path));
    const n = countCasts(file);
    if (n > 0) casts.push({ file: path, casts: n, test: isTestFile(path) });
  }
  lengths.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
  const longest = lengths.slice(0, top);

  let unused: UnusedExport[] | undefined;
  if (!args.includes('--no-exports')) {
    const extra = [
      'bench',
      'packages/games/scripts',
      'packages/cli/scripts',
      'packages/web/test',
      'packages/web/e2e',
    ]
      .map((d) => join(root, d))
      .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory())
      .flatMap(listSources);
    extra.push(join(root, 'packages/web/vite.config.ts'));
    const program = ts.createProgram({
      rootNames: [...sources.map((s) => join(root, s)), ...extra],
      options: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        jsx: ts.JsxEmit.ReactJSX,
        jsxImportSource: 'preact',
        allowImportingTsExtensions: true,
        resolveJsonModule: true,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
      },
    });
    unused = unusedExports(program, sources);
  }

  if (args.includes('--json')) {
    console.log(JSON.stringify({ longest, casts, unused }, null, 2));
    return;
  }
  console.log(`${top} longest functions (packages/*/src, tests apart; ${lengths.length} functions):`);
  for (const f of longest) console.log(`${String(f.lines).padStart(5)}  ${f.name}  ${f.file}:${f.line}`);
  const source = casts.filter((c) => !c.test);
  const tests = casts.filter((c) => c.test);
  const sum = (list: typeof casts): number => list.reduce((n, c) => n + c.casts, 0);
  console.log(`\n'as unknown as' / 'as never' casts: ${sum(source)} in ${source.length} source files`);
  for (const c of source.sort((a, b) => b.casts - a.casts || a.file.localeCompare(b.file)))
    console.log(`${String(c.casts).padStart(5)}  ${c.file}`);
  console.log(`  and ${sum(tests)} in ${tests.length} test files`);
  for (const c of tests.sort((a, b) => b.casts - a.casts || a.file.localeCompare(b.file)))
    console.log(`${String(c.casts).padStart(5)}  ${c.file}`);
  if (unused) {
    const dead = unused.filter((u) => !u.local && !u.testsOnly);
    const tests = unused.filter((u) => !u.local && u.testsOnly);
    const local = unused.filter((u) => u.local && !u.testsOnly);
    console.log(
      `\nexported names no other source file uses: ${dead.length} used nowhere, ${tests.length} used only by tests,` +
        ` ${local.length} used only in their own file (the export is not needed)`,
    );
    for (const u of dead) console.log(`  dead   ${u.name}  ${u.file}:${u.line}`);
    for (const u of tests) console.log(`  tests  ${u.name}  ${u.file}:${u.line}`);
    if (args.includes('--local'))
      for (const u of local) console.log(`  local  ${u.name}  ${u.file}:${u.line}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
