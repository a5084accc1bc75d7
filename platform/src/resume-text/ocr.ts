import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

/*
 * OCR with tesseract.js, offline (ADR 048). The English model comes from the
 * `@tesseract.js-data/eng` package on disk (`langPath` is a folder, so tesseract.js reads the
 * file instead of fetching it from its CDN) and nothing is cached to disk (`cacheMethod: 'none'`).
 * The engine takes about half a second to start (seconds on a loaded machine) and holds 60–160 MB,
 * so each extraction worker thread starts one the first time it needs it and keeps it.
 */

const require = createRequire(import.meta.url);
/** The LSTM model ("best_int": the accurate one, integer-quantised), gzipped, shipped by npm. */
export const OCR_LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

let engine: Promise<Worker> | undefined;

const startEngine = async (): Promise<Worker> => {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: OCR_LANG_PATH,
    gzip: true,
    cacheMethod: 'none',
    legacyCore: false,
    legacyLang: false,
  });
  // Automatic page segmentation: resumes mix columns, header blocks and lists. (Single-block and
  // sparse-text modes were tried on the devset images and lost lines or merged columns.)
  await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, user_defined_dpi: '300', preserve_interword_spaces: '0' });
  return worker;
};

/** This thread's OCR engine, started once. */
const ocrEngine = (): Promise<Worker> => {
  engine ??= startEngine().catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
};

/** Starts the engine ahead of a read (a warm worker calls this when it starts). */
export const warmUpOcr = async (): Promise<void> => {
  await ocrEngine();
};

/** Ends this thread's engine (tests and the bench; a worker thread that ends takes it along). */
export const stopOcr = async (): Promise<void> => {
  const running = engine;
  engine = undefined;
  if (running) await (await running).terminate();
};

/** The text OCR reads in an image prepared by `imageForOcr` (a PNG). */
export async function ocrText(png: Buffer): Promise<string> {
  const worker = await ocrEngine();
  const { data } = await worker.recognize(png, {}, { text: false, blocks: true });
  return tidyOcrText(textOfBlocks(data.blocks ?? []));
}

/** What `textOfBlocks` needs of tesseract's result: words with their boxes, in lines, paragraphs, blocks. */
export interface OcrWord {
  readonly text: string;
  /** Tesseract's confidence in the word, 0–100. */
  readonly confidence: number;
  readonly bbox: { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number };
}
export interface OcrBlock {
  readonly paragraphs: readonly { readonly lines: readonly { readonly words: readonly OcrWord[] }[] }[];
}

const height = (word: OcrWord) => word.bbox.y1 - word.bbox.y0;
/** A capital that starts a word set in small capitals is this much taller than the rest. */
const SMALL_CAPS_RATIO = 0.85;

/**
 * Letter-spaced small capitals ("GAYLE" set as a tall G and a shorter AYLE) come out of
 * tesseract as two words, split where the letter size changes. A single capital followed by a
 * word of capitals clearly shorter than it is one word: joined here, by the boxes, so
 * "DEVELOPER V COMPANY" (a V-shaped icon as tall as the words) stays apart.
 */
const joinsSmallCaps = (left: OcrWord, right: OcrWord): boolean =>
  /^[A-Z]$/.test(left.text) && /^[A-Z]+$/.test(right.text) && height(right) < SMALL_CAPS_RATIO * height(left);

/** Marks that stand for a list bullet when OCR reads one at the start of a line. */
const BULLETS = /^[*•·«»+¢°o>-]$/;
const hasLetterOrDigit = (text: string) => /[\p{L}\p{N}]/u.test(text);
/** Below this confidence a short word at the start of a line is an icon misread ("38%" for a briefcase). */
const ICON_CONFIDENCE = 60;
/** Below this, a word of marks alone inside a line is an icon too ("-&" for a phone glyph). */
const MARK_CONFIDENCE = 30;
const DASHES = /^[-–—&|/:,.]$/;

/**
 * The words of a line without the icons resumes put before headings and contact details, which
 * OCR reads as marks or short nonsense: a leading word of marks alone (a bullet becomes "•"),
 * a leading word of up to 3 characters read with low confidence, and inside the line a word of
 * marks alone read with very low confidence (never a dash or "&", which separate dates and names).
 */
export function withoutIcons(words: readonly OcrWord[]): OcrWord[] {
  const kept = words.filter(
    (word, index) => index === 0 || hasLetterOrDigit(word.text) || DASHES.test(word.text) || word.confidence >= MARK_CONFIDENCE,
  );
  const first = kept[0];
  if (first === undefined || kept.length === 1) return kept;
  if (!hasLetterOrDigit(first.text)) return BULLETS.test(first.text) ? [{ ...first, text: '•' }, ...kept.slice(1)] : kept.slice(1);
  if (first.text.length <= 3 && first.confidence < ICON_CONFIDENCE) return kept.slice(1);
  return kept;
}

/** Tesseract's layout as text: a line per line, a blank line between paragraphs and blocks. */
export function textOfBlocks(blocks: readonly OcrBlock[]): string {
  const paragraphs: string[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      const lines: string[] = [];
      for (const ocrLine of paragraph.lines) {
        const words = withoutIcons(ocrLine.words);
        let line = '';
        words.forEach((word, index) => {
          const previous = words[index - 1];
          line += previous === undefined ? word.text : joinsSmallCaps(previous, word) ? word.text : ` ${word.text}`;
        });
        if (line.trim() !== '') lines.push(line.trim());
      }
      if (lines.length > 0) paragraphs.push(lines.join('\n'));
    }
  }
  return paragraphs.join('\n\n');
}

/**
 * Repairs what OCR does to resume text in ways that generalise, not per file:
 * - an initial keeps its full stop ("L ." is "L.");
 * - a space either side of "@" in an address ("my_address @yuanbin.me") and around the dots of
 *   a web address ("www .yuanbin.me") is dropped;
 * - typographic quotes become plain ones, so patterns downstream see one form.
 */
export function tidyOcrText(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\b([A-Z]) \.(?= |$)/gm, '$1.')
    .replace(/([\w.+-]) ?@ ?([\w-]+(?:\.[\w-]+)*\.[a-z]{2,})\b/gi, '$1@$2')
    .replace(/\b((?:https?:\/\/)?www) ?\. ?([\w-]+) ?\. ?([a-z]{2,})\b/gi, '$1.$2.$3')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
