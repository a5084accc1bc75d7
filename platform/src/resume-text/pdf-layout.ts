import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { checkTextItems, PDF_MAX_PAGES } from './pdf-limits';

/*
 * A PDF page's text in reading order, from the positions pdf.js gives each text item
 * (getTextContent: transform = x, y and font size; width). Content-stream order, which the
 * first reader used, is the order the producer drew things in: right-to-left layouts come out
 * reversed, sidebars interleave with the main column, and letter-spaced or CJK text arrives one
 * glyph per item. Here:
 * - items on one baseline form a row; a space is put between two items only where there is a
 *   gap, so "J O H N" drawn glyph by glyph reads "JOHN", and CJK text is not spaced out;
 * - within a row, items far apart (more than ~1.5 em) are separate segments, joined with " | "
 *   so the reader still sees "Google | Mountain View, CA" as two fields;
 * - a page whose segments leave a vertical gutter (no segment crossing it, text on both
 *   sides) has two columns: each band between full-width rows is read left column first, then
 *   the right, so a sidebar is one flow instead of being shuffled into the main column. A
 *   narrow column of short labels level with the other column's rows (dates in a margin) is
 *   not a column: its rows stay whole; nor is a margin of short labels each far from the next
 *   (section headings set beside their sections, ADR 115);
 * - a vertical gap larger than a line and a half ends a block (a blank line).
 */

interface Fragment {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly size: number;
  readonly text: string;
}

interface Segment {
  x0: number;
  x1: number;
  readonly y: number;
  readonly size: number;
  text: string;
}

interface Row {
  readonly y: number;
  readonly size: number;
  readonly segments: Segment[];
}

/** "J O H N" or "j o h n . d o e" as one item: glyphs spread by letter-spacing. */
const despace = (text: string): string => {
  const tokens = text.trim().split(' ');
  if (tokens.length < 3) return text;
  const single = tokens.filter((token) => [...token].length === 1).length;
  const spread = tokens.length < 5 ? single === tokens.length : single / tokens.length >= 0.6;
  // Word spaces are lost with the letter-spacing: put them back where case or digits change
  // ("1234Broadway", "NewYork", "SoftwareDeveloper").
  return spread ? tokens.join('').replace(/(?<=\p{Ll})(?=\p{Lu})|(?<=\d)(?=\p{L})/gu, ' ') : text;
};

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]/;

const fragmentsOf = (items: readonly unknown[]): Fragment[] => {
  const fragments: Fragment[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null || !('str' in item)) continue;
    const { str, transform, width } = item as { str: string; transform: number[]; width: number };
    // Icon fonts (Font Awesome in LaTeX and HTML templates) draw private-use code points.
    const visible = str.replace(/[\ue000-\uf8ff]/g, ' ');
    if (visible.trim() === '') continue;
    const size = Math.hypot(transform[2] ?? 0, transform[3] ?? 0) || 1;
    fragments.push({ x: transform[4] ?? 0, y: transform[5] ?? 0, width, size, text: despace(visible) });
  }
  return fragments;
};

/** Bold faked by drawing the same text two or three times a fraction of a point apart. */
const withoutOverprint = (fragments: readonly Fragment[]): Fragment[] => {
  const kept: Fragment[] = [];
  for (const fragment of fragments) {
    // Overprints are drawn one after the other: look back a few fragments only.
    const twin = kept.slice(-8).find(
      (other) => other.text === fragment.text && Math.abs(other.x - fragment.x) < 0.25 * fragment.size && Math.abs(other.y - fragment.y) < 0.25 * fragment.size,
    );
    if (!twin) kept.push(fragment);
  }
  return kept;
};

const rowsOf = (all: readonly Fragment[]): Row[] => {
  const fragments = withoutOverprint(all);
  const sorted = [...fragments].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: Fragment[][] = [];
  for (const fragment of sorted) {
    const group = groups.at(-1);
    const first = group?.[0];
    if (group && first && Math.abs(first.y - fragment.y) <= 0.45 * Math.min(first.size, fragment.size)) {
      group.push(fragment);
    } else {
      groups.push([fragment]);
    }
  }
  return groups.map((group) => {
    group.sort((a, b) => a.x - b.x);
    const size = Math.max(...group.map((fragment) => fragment.size));
    const segments: Segment[] = [];
    for (const fragment of group) {
      const last = segments.at(-1);
      const gap = last ? fragment.x - last.x1 : Infinity;
      const sameSize = last !== undefined && Math.max(fragment.size, last.size) / Math.min(fragment.size, last.size) < 1.25;
      // A heading set larger than the text beside it (a margin heading) starts its own segment.
      if (last && gap <= 1.5 * Math.max(fragment.size, last.size) && (sameSize || gap < 0.12 * fragment.size)) {
        const joinTight = gap < 0.12 * fragment.size || (CJK.test(last.text.slice(-1)) && CJK.test(fragment.text[0] ?? ''));
        const needsSpace = !joinTight && !last.text.endsWith(' ') && !fragment.text.startsWith(' ');
        last.text += (needsSpace ? ' ' : '') + fragment.text;
        last.x1 = Math.max(last.x1, fragment.x + fragment.width);
      } else {
        segments.push({ x0: fragment.x, x1: fragment.x + fragment.width, y: fragment.y, size: fragment.size, text: fragment.text });
      }
    }
    return { y: group[0]?.y ?? 0, size, segments };
  });
};

const YEARISH = /\b(?:19|20)\d{2}\b|\b(?:present|now|current|today)\b|^\W*\d{1,2}[/.]\d{2,4}/i;

/** The x of a gutter that splits the page into two columns, if there is one. */
const gutterOf = (rows: readonly Row[], pageWidth: number): number | undefined => {
  const segments = rows.flatMap((row) => row.segments);
  const narrow = segments;
  if (narrow.length < 8) return undefined;
  const width = Math.ceil(pageWidth);
  const cover = new Array<number>(width + 1).fill(0);
  for (const segment of narrow) {
    for (let x = Math.max(0, Math.floor(segment.x0)); x <= Math.min(width, Math.ceil(segment.x1)); x += 1) cover[x] = (cover[x] ?? 0) + 1;
  }
  // A centred name or a rule may cross the gutter: a few crossings are allowed.
  const allowed = Math.max(2, Math.floor(0.05 * narrow.length));
  let best: { x: number; balance: number } | undefined;
  let runStart = -1;
  for (let x = Math.floor(0.12 * width); x <= Math.ceil(0.88 * width); x += 1) {
    const empty = (cover[x] ?? 0) <= allowed;
    if (empty && runStart < 0) runStart = x;
    if ((!empty || x === Math.ceil(0.88 * width)) && runStart >= 0) {
      const end = empty ? x : x - 1;
      if (end - runStart >= 6) {
        const middle = (runStart + end) / 2;
        const left = narrow.filter((segment) => segment.x1 <= middle);
        const right = narrow.filter((segment) => segment.x0 >= middle);
        const chars = (list: Segment[]) => list.reduce((sum, segment) => sum + segment.text.length, 0);
        const balance = Math.min(chars(left), chars(right));
        if (left.length >= 4 && right.length >= 4 && (!best || balance > best.balance)) best = { x: middle, balance };
      }
      runStart = -1;
    }
  }

  if (!best) return undefined;
  const split = best.x;
  const total = segments.reduce((sum, segment) => sum + segment.text.length, 0);
  if (best.balance < 0.05 * total) return undefined;
  // Margin labels (dates, "title", "2019–2020") level with the other side's rows are not a column.
  const sideRows = (side: 'left' | 'right') => rows.filter((row) => row.segments.some((segment) => (side === 'left' ? segment.x1 <= split : segment.x0 >= split)));
  for (const side of ['left', 'right'] as const) {
    const mine = sideRows(side).flatMap((row) => row.segments.filter((segment) => (side === 'left' ? segment.x1 <= split : segment.x0 >= split)));
    const shared = sideRows(side).filter((row) => row.segments.some((segment) => (side === 'left' ? segment.x0 >= split : segment.x1 <= split)) && row.segments.every((segment) => segment.x1 <= split || segment.x0 >= split));
    const shortShare = mine.filter((segment) => segment.text.length <= 24).length / Math.max(1, mine.length);
    const dated = mine.filter((segment) => YEARISH.test(segment.text)).length / Math.max(1, mine.length);
    const sharedShare = shared.length / Math.max(1, sideRows(side).length);
    // Undated labels (a city, a placeholder) are margin labels only when they are few beside many
    // rows of text; a sidebar of short items can sit on the same baselines as the main column.
    const otherRows = sideRows(side === 'left' ? 'right' : 'left').length;
    const few = sideRows(side).length <= 0.5 * otherRows;
    // Headings and dates in a margin, each on a row of its own far from the next (a sidebar's
    // items follow one another line after line): labels of the other side's blocks, not a column.
    const ys = sideRows(side).map((row) => row.y);
    const isolated = ys.length >= 3 && sideRows(side).every((row, index) => {
      const gaps = [ys[index - 1], ys[index + 1]].filter((y): y is number => y !== undefined).map((y) => Math.abs(y - row.y));
      return gaps.every((gap) => gap > 2 * row.size);
    });
    if ((sharedShare >= 0.6 && shortShare >= 0.8 && dated >= 0.4) || (sharedShare >= 0.75 && shortShare >= 0.9 && few) || (isolated && shortShare === 1 && few)) return undefined;
  }
  return split;
};

const rowText = (segments: readonly Segment[]): string => segments.map((segment) => segment.text.trim()).join(' | ');

const flowText = (flow: readonly Row[]): string => {
  const out: string[] = [];
  let previous: Row | undefined;
  for (const row of flow) {
    if (previous && previous.y - row.y > 1.9 * Math.max(previous.size, row.size)) out.push('');
    out.push(rowText(row.segments));
    previous = row;
  }
  return out.join('\n');
};

/**
 * One page's text as its main flow (full-width rows and the wider column, top to bottom) and
 * its side flow (the narrower column of a two-column page, empty otherwise).
 */
const pageFlows = (rows: readonly Row[], pageWidth: number): { main: string; side: string } => {
  const split = gutterOf(rows, pageWidth);
  if (split === undefined) return { main: flowText(rows), side: '' };
  const full: Row[] = [];
  const halves: { row: Row; left: Segment[]; right: Segment[] }[] = [];
  for (const row of rows) {
    if (row.segments.some((segment) => segment.x0 < split && segment.x1 > split)) {
      full.push(row);
      continue;
    }
    halves.push({
      row,
      left: row.segments.filter((segment) => segment.x1 <= split),
      right: row.segments.filter((segment) => segment.x0 >= split),
    });
  }
  const extent = (segments: readonly Segment[]) =>
    segments.length === 0 ? 0 : Math.max(...segments.map((segment) => segment.x1)) - Math.min(...segments.map((segment) => segment.x0));
  const leftIsWide = extent(halves.flatMap((half) => half.left)) >= extent(halves.flatMap((half) => half.right));
  const main: Row[] = [...full];
  const narrow: Row[] = [];
  // A header block above both columns (a name over the sidebar), set apart from the column under
  // it, belongs to the main flow.
  const wideTop = Math.max(...halves.filter((half) => (leftIsWide ? half.left : half.right).length > 0).map((half) => half.row.y));
  const narrowRows = halves.filter((half) => (leftIsWide ? half.right : half.left).length > 0).map((half) => half.row);
  const headerEnd = narrowRows.findIndex((row, index) => {
    const next = narrowRows[index + 1];
    return row.y > wideTop && next !== undefined && row.y - next.y > 2.5 * Math.max(row.size, next.size) && next.y <= wideTop + row.size;
  });
  const headerRows = new Set(headerEnd < 0 ? [] : narrowRows.slice(0, headerEnd + 1));
  for (const { row, left, right } of halves) {
    if (headerRows.has(row)) {
      main.push(row);
      continue;
    }
    const [wideSegments, narrowSegments] = leftIsWide ? [left, right] : [right, left];
    // A heading set larger in the left margin, level with the text it heads, belongs to that text.
    const heading = narrowSegments.length === 1 ? narrowSegments[0] : undefined;
    const marginHeading =
      !leftIsWide &&
      heading !== undefined &&
      wideSegments.length > 0 &&
      heading.text.length <= 30 &&
      !/\d|@/.test(heading.text) &&
      wideSegments.every((segment) => heading.size >= 1.15 * segment.size) &&
      // …and nothing of its own column right under it (a sidebar's heading has its items there).
      !halves.some((other) => {
        const mine = leftIsWide ? other.right : other.left;
        return mine.length > 0 && other.row.y < row.y && row.y - other.row.y < 2.5 * heading.size;
      });
    if (marginHeading) {
      main.push({ y: row.y, size: row.size, segments: [...narrowSegments, ...wideSegments] });
      continue;
    }
    if (wideSegments.length > 0) main.push({ y: row.y, size: row.size, segments: wideSegments });
    if (narrowSegments.length > 0) narrow.push({ y: row.y, size: row.size, segments: narrowSegments });
  }
  main.sort((a, b) => b.y - a.y);
  return { main: flowText(main), side: flowText(narrow) };
};

const require = createRequire(import.meta.url);
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));
/** Character maps (CJK fonts) and the standard fonts' metrics, shipped with pdfjs-dist. */
export const PDFJS_RESOURCES = {
  cMapUrl: `${path.join(pdfjsDir, 'cmaps')}/`,
  cMapPacked: true,
  standardFontDataUrl: `${path.join(pdfjsDir, 'standard_fonts')}/`,
} as const;

/**
 * The document's text: every page's main flow in page order, then every page's side column
 * (sidebars), so that a main column running over a page break stays one flow and a sidebar's
 * sections (contact, skills, languages) never cut into it.
 */
export const pdfLayoutText = async (document: PDFDocumentProxy): Promise<string> => {
  const mains: string[] = [];
  const sides: string[] = [];
  // Bounded (ADR 045): the first pages only, and no page of absurdly many pieces of text.
  for (let number = 1; number <= Math.min(document.numPages, PDF_MAX_PAGES); number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    checkTextItems(content.items.length);
    const [x0 = 0, , x1 = 612] = page.view;
    const { main, side } = pageFlows(rowsOf(fragmentsOf(content.items)), x1 - x0);
    mains.push(main);
    if (side !== '') sides.push(side);
    page.cleanup();
  }
  return [...mains, ...sides].join('\n\n');
};
