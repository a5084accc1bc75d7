/**
 * `npx tsx tests/bench/route-handler-lines.ts [rev…]`: the lines of the command service's route
 * handlers at each git revision (default HEAD), for issue 23's "Done when" (ADR 071). A handler is
 * the function passed last to `app.get/post/put/patch/delete(...)` (or `route({ handler })`) in a
 * non-test file under `command-service/src`; its lines are from its first line to its last, blank
 * lines and comments included. Prints the total, the number of handlers, the longest and the
 * longest route file. Reads the files from git, so any revision is measured without a checkout.
 */
import { execFileSync } from 'node:child_process';
import ts from 'typescript';

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

for (const rev of process.argv.slice(2).length ? process.argv.slice(2) : ['HEAD']) {
  const files = git('ls-tree', '-r', '--name-only', rev, 'command-service/src')
    .split('\n')
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('test-app.ts'));
  const handlers: Array<{ where: string; lines: number }> = [];
  let longestFile = { file: '', lines: 0 };
  for (const file of files) {
    const text = git('show', `${rev}:${file}`);
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
    let inFile = 0;
    const visit = (node: ts.Node) => {
      let handler: ts.Node | undefined;
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && METHODS.has(node.expression.name.text) && node.arguments.length >= 2) {
        const last = node.arguments[node.arguments.length - 1]!;
        if (ts.isArrowFunction(last) || ts.isFunctionExpression(last)) handler = last;
      }
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'handler' && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) handler = node.initializer;
      if (handler) {
        const lines = lineOf(handler.getEnd()) - lineOf(handler.getStart(source)) + 1;
        handlers.push({ where: `${file}:${lineOf(handler.getStart(source)) + 1}`, lines });
        inFile += lines;
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (inFile > 0) {
      const fileLines = text.split('\n').length;
      if (fileLines > longestFile.lines) longestFile = { file, lines: fileLines };
    }
  }
  handlers.sort((a, b) => b.lines - a.lines);
  const total = handlers.reduce((sum, handler) => sum + handler.lines, 0);
  console.log(`${rev}: ${total} lines in ${handlers.length} route handlers; longest ${handlers[0]?.lines ?? 0} (${handlers[0]?.where ?? '-'}); longest route file ${longestFile.file} (${longestFile.lines} lines)`);
}
