import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from '../../frontend/src/lib/utils';

/**
 * `cn` (frontend/src/lib/utils.ts) merges classes without tailwind-merge (ADR 095). Here the two are compared on every class
 * the frontend's sources hold (every word of every string literal that could be one): a class
 * `cn` groups differently fails this test, naming the pair.
 */

const SOURCES = path.join(import.meta.dirname, '../../frontend/src');
const UNDER_TEST = path.join(SOURCES, 'lib/utils.ts');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    // Not the module under test: its strings are the names of its groups, not classes.
    const wanted = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.startsWith('routeTree') && file !== UNDER_TEST;
    return wanted ? [file] : [];
  });
}

/** Every word of every string literal in the sources that is spelled like a class. */
function classesInSources(): string[] {
  const classes = new Set<string>();
  for (const file of sourceFiles(SOURCES)) {
    for (const literal of readFileSync(file, 'utf8').matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      for (const word of (literal[1] ?? literal[2] ?? literal[3] ?? '').split(/\s+/)) {
        if (word.length > 1 && /^[!a-z@\-[*][\w\-:[\]/.%&>()#=*@,!+~]*$/.test(word)) classes.add(word);
      }
    }
  }
  return [...classes].sort();
}

const variants = (className: string) => className.slice(0, className.lastIndexOf(':') + 1);

describe('cn, merging classes', () => {
  const classes = classesInSources();
  // tailwind-merge keeps one of two equal classes only when it knows the class.
  const known = classes.filter((className) => twMerge(`${className} ${className}`) === className);

  it('finds the classes of the sources (the comparison below has something to compare)', () => {
    expect(known).toEqual(expect.arrayContaining(['px-4', 'h-10', 'text-sm', 'text-muted-foreground', 'sm:px-6', 'rounded-md']));
    expect(known.length).toBeGreaterThan(300);
  });

  it('knows the classes tailwind-merge knows, and no other', () => {
    const differing = classes.filter((className) => cn(className, className) !== twMerge(`${className} ${className}`));
    expect(differing).toEqual([]);
  });

  it('lets a later class win over an earlier one exactly when tailwind-merge does, for every two classes of the sources', () => {
    const differing: string[] = [];
    for (const first of known) {
      for (const second of known) {
        if (first === second || variants(first) !== variants(second)) continue;
        const expected = twMerge(`${first} ${second}`);
        if (cn(first, second) !== expected) differing.push(`${first} ${second} → ${expected}`);
      }
    }
    expect(differing).toEqual([]);
  });

  it('joins conditional classes and merges a caller\'s over a component\'s own', () => {
    const pending = false;
    expect(cn('grid gap-4', pending && 'opacity-60', undefined, 'gap-6')).toBe('grid gap-6');
    expect(cn('px-4 py-2 h-10', 'p-2')).toBe('h-10 p-2');
    expect(cn('p-5 pt-0', 'px-2')).toBe('p-5 pt-0 px-2');
    expect(cn('text-sm text-muted-foreground', 'text-destructive')).toBe('text-sm text-destructive');
    expect(cn('sm:px-6 px-3', 'sm:px-2')).toBe('px-3 sm:px-2');
    expect(cn('sm:hover:bg-muted', 'hover:sm:bg-card')).toBe('hover:sm:bg-card');
    expect(cn('px-4!', 'p-2!', 'px-3')).toBe('p-2! px-3');
  });
});
