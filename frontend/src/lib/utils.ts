import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names; a later Tailwind class wins over an earlier one it conflicts with
 * (`cn('px-4 h-10', 'h-8')` is `px-4 h-8`), as tailwind-merge does. tailwind-merge knows every
 * Tailwind class and cost 8.4 kB gzipped on every first page (ADR 095); this knows the kinds of
 * class the sources use, and `tests/tooling/class-merge.unit.test.ts` compares the two on every class the sources hold, so
 * a class it does not know yet fails that test rather than a screen.
 */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/**
 * The conflict group of a utility (its variants and `!` taken off), by the first pattern it
 * matches (`$1` is the pattern's first group); a utility in no group (a class of our own, a
 * word) never conflicts.
 */
const GROUPS: [RegExp, string][] = [
  [/^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|table|flow-root|list-item)$/, 'display'],
  [/^(static|fixed|absolute|relative|sticky)$/, 'position'],
  [/^(not-)?sr-only$/, 'sr'],
  [/^(visible|invisible|collapse)$/, 'visibility'],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, 'text-transform'],
  [/^(underline|overline|line-through|no-underline)$/, 'text-decoration'],
  [/^(not-)?italic$/, 'font-style'],
  [/^(truncate|text-ellipsis|text-clip)$/, 'text-overflow'],
  [/^text-(xs|sm|base|lg|\d?xl)$/, 'font-size'],
  [/^text-(left|center|right|justify|start|end)$/, 'text-align'],
  [/^text-(wrap|nowrap|balance|pretty)$/, 'text-wrap'],
  [/^text-/, 'text-color'],
  [/^font-(sans|serif|mono)$/, 'font-family'],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, 'font-weight'],
  [/^bg-/, 'bg-color'],
  [/^border(-[xytrblse])?(-\d+)?$/, 'border-w$1'],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, 'border-style'],
  [/^border-([xytrblse]-)?/, 'border-color-$1'],
  [/^rounded(-[trblse]{1,2})?(-\w+)?$/, 'rounded$1'],
  [/^shadow(-(none|2xs|xs|sm|md|lg|xl|2xl|inner))?$/, 'shadow'],
  [/^shadow-/, 'shadow-color'],
  [/^ring(-offset)?(-\d+)?$/, 'ring$1-w'],
  [/^ring(-offset)?-/, 'ring$1-color'],
  [/^outline-(none|hidden|solid|dashed|dotted|double)$/, 'outline-style'],
  [/^outline(-\d+)?$/, 'outline-w'],
  [/^underline-offset-/, 'underline-offset'],
  [/^([pm][xytrblse]?)-/, '$1'],
  [/^(size|space-[xy]|(min-|max-)?[wh]|gap(-[xy])?|translate-[xy])-/, '$1'],
  [/^(inset(-[xy])?|top|right|bottom|left)-(\d|px|full|auto|\[|\()/, '$1'],
  [/^flex-(1|auto|initial|none)$/, 'flex'],
  [/^flex-(row|col)/, 'flex-direction'],
  [/^flex-(wrap|nowrap)/, 'flex-wrap'],
  [/^(grow|shrink|blur|backdrop-blur|divide-[xy])$/, '$1'],
  [/^animate-(none|spin|ping|pulse|bounce)$/, 'animate'],
  [/^(basis|grow|shrink|order|z|opacity|leading|tracking|whitespace|cursor|pointer-events|select|list|align|accent|backdrop-blur|blur|divide-[xy]|scroll-m[xytrblse]?|grid-cols|grid-rows|col-start|col-end|row-start|row-end|line-clamp|from|via|to)-/, '$1'],
  [/^col-(span|auto)/, 'col'],
  [/^break-(words|all|keep|normal)$/, 'break'],
  [/^(items|justify-items|justify-self|justify|content|self|place-content|place-items|place-self)-(start|end|center|between|around|evenly|stretch|baseline|normal|auto)$/, '$1'],
  [/^(overflow(-[xy])?)-/, '$1'],
  [/^object-(contain|cover|fill|none|scale-down)$/, 'object-fit'],
  [/^transition(-|$)/, 'transition'],
  [/^tabular-nums$/, 'fvn-spacing'],
];

/** The groups a group overrides besides itself: a shorthand its parts (`p-4` after `px-2` wins, not before it). */
const OVERRIDES: Record<string, string> = {
  p: 'px py ps pe pt pr pb pl',
  px: 'pr pl',
  py: 'pt pb',
  m: 'mx my ms me mt mr mb ml',
  mx: 'mr ml',
  my: 'mt mb',
  'font-size': 'leading',
  'border-w': 'border-w-x border-w-y border-w-s border-w-e border-w-t border-w-r border-w-b border-w-l',
  'border-w-x': 'border-w-r border-w-l',
  'border-w-y': 'border-w-t border-w-b',
  'border-color-': 'border-color-x- border-color-y- border-color-s- border-color-e- border-color-t- border-color-r- border-color-b- border-color-l-',
  rounded: 'rounded-s rounded-e rounded-t rounded-r rounded-b rounded-l rounded-ss rounded-se rounded-ee rounded-es rounded-tl rounded-tr rounded-br rounded-bl',
  'rounded-t': 'rounded-tl rounded-tr',
  'rounded-r': 'rounded-tr rounded-br',
  'rounded-b': 'rounded-br rounded-bl',
  'rounded-l': 'rounded-tl rounded-bl',
  size: 'w h',
  gap: 'gap-x gap-y',
  inset: 'inset-x inset-y top right bottom left',
  'inset-x': 'right left',
  'inset-y': 'top bottom',
  flex: 'basis grow shrink',
  overflow: 'overflow-x overflow-y',
  'line-clamp': 'display overflow',
};

const groupCache = new Map<string, string | null>();

function conflictGroup(utility: string): string | null {
  let group = groupCache.get(utility);
  if (group === undefined) {
    group = null;
    for (const [pattern, name] of GROUPS) {
      const match = pattern.exec(utility);
      if (match) {
        group = name.replace('$1', match[1] ?? '');
        break;
      }
    }
    groupCache.set(utility, group);
  }
  return group;
}

/** tailwind-merge's rule: read from the last class back, drop a class whose group a later class overrides. */
function mergeClasses(classList: string): string {
  const overridden = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index]!;
    // Variants (`sm:`, `hover:`, `[&_p]:`) are split off at colons outside brackets; `!` marks it important.
    const parts = className.split(/:(?![^[]*\])(?![^(]*\))/);
    let utility = parts.pop()!;
    const important = utility.startsWith('!') || utility.endsWith('!');
    utility = utility.replace(/^!|!$/g, '').replace(/^-/, '');
    const group = conflictGroup(utility);
    if (!group) {
      kept.push(className);
      continue;
    }
    // The order of variants does not matter (`sm:hover:` is `hover:sm:`) but for arbitrary ones (`[&_p]:`).
    if (!parts.some((part) => part.startsWith('['))) parts.sort();
    const scope = `${parts.join(':')}:${important ? '!' : ''}`;
    if (overridden.has(scope + group)) continue;
    kept.push(className);
    overridden.add(scope + group);
    for (const other of OVERRIDES[group]?.split(' ') ?? []) overridden.add(scope + other);
  }
  return kept.reverse().join(' ');
}
