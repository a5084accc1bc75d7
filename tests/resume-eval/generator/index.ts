import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { COUNTRIES, PROFESSIONS, type Country, type Profession } from './data';
import { writeDocxWithPackage } from './docx-layouts';
import { writeDocxWithTextBoxes } from './docx-text-boxes';
import { buildModel, groundTruth, LAYOUTS, type GroundTruth, type Layout, type ResumeModel } from './model';
import { writePdf } from './pdf-layouts';
import { bagSequence, createRandom } from './random';
import { scannedPdf, scanOf } from './scans';

export { COUNTRIES, PROFESSIONS, type Country, type Profession } from './data';
export { DOCX_LAYOUTS, LAYOUTS, PDF_LAYOUTS, type GroundTruth, type Layout } from './model';

export const DEFAULT_SEED = 21;
const GENERATED_FILE = /^gen-\d{3}-[a-z0-9-]+\.(pdf|docx|png)$/;
export const DEFAULT_COUNT = 60;

export interface GeneratedResume {
  readonly file: string;
  readonly layout: Layout;
  readonly profession: Profession;
  readonly country: Country;
  /** How the file writes names, dates and jobs (for summaries). */
  readonly nameShape: ResumeModel['nameShape'];
  readonly dateStyle: ResumeModel['dateStyle'];
  readonly jobShape: ResumeModel['jobShape'];
  readonly truth: GroundTruth;
  /** For a scan (PNG or image-only PDF): the generated PDF it is a picture of. */
  readonly scanOf?: string;
}

export interface GenerateOptions {
  readonly seed?: number;
  readonly count?: number;
  /**
   * How many of the PDF resumes also get a scanned copy (no text layer), alternately a PNG
   * picture and an image-only PDF, with the same ground truth. Default 0: reading them needs OCR.
   */
  readonly scans?: number;
}

export interface GenerateResult {
  /** The resume files written, as paths inside the output directory. */
  readonly files: string[];
  /** What each file is, for summaries and the generator's own test (not written to disk). */
  readonly resumes: GeneratedResume[];
  /** The contents of ground-truth.json. */
  readonly groundTruth: Record<string, GroundTruth>;
}

export const fileBytes = (model: ResumeModel): Promise<Uint8Array> =>
  model.layout === 'docx-text-boxes'
    ? Promise.resolve(writeDocxWithTextBoxes(model))
    : model.layout.startsWith('docx')
      ? writeDocxWithPackage(model)
      : writePdf(model);

/** The resumes a seed makes, without writing anything. */
export const planResumes = (options: { seed?: number; count?: number } = {}): ResumeModel[] => {
  const seed = options.seed ?? DEFAULT_SEED;
  const count = options.count ?? DEFAULT_COUNT;
  if (!Number.isInteger(count) || count < 1) throw new Error(`count must be a positive integer, not ${count}`);
  const random = createRandom(seed);
  const layouts = bagSequence(random, LAYOUTS, count);
  const professions = bagSequence(random, PROFESSIONS, count);
  const countries = bagSequence(random, COUNTRIES, count);
  return layouts.map((layout, index) =>
    buildModel(random.fork(), {
      index,
      layout,
      profession: professions[index] as Profession,
      country: countries[index] as Country,
    }),
  );
};

/**
 * Writes `count` resumes (PDF and DOCX in several layouts) and their `ground-truth.json`, in
 * the devset's format, into `outDir`. The same seed writes the same resumes and labels.
 */
export const generateResumes = async (outDir: string, options: GenerateOptions = {}): Promise<GenerateResult> => {
  await mkdir(outDir, { recursive: true });
  // Files of an earlier run (ours by name) would sit in the folder without ground truth.
  for (const name of await readdir(outDir)) {
    if (GENERATED_FILE.test(name)) await rm(join(outDir, name));
  }
  const models = planResumes(options);
  const truth: Record<string, GroundTruth> = {};
  const files: string[] = [];
  const resumes: GeneratedResume[] = [];
  for (const model of models) {
    const path = join(outDir, model.fileName);
    await writeFile(path, await fileBytes(model));
    truth[model.fileName] = groundTruth(model);
    files.push(path);
    resumes.push({
      file: model.fileName,
      layout: model.layout,
      profession: model.profession,
      country: model.country,
      nameShape: model.nameShape,
      dateStyle: model.dateStyle,
      jobShape: model.jobShape,
      truth: truth[model.fileName] as GroundTruth,
    });
  }
  const scanSources = models.filter((model) => model.layout.startsWith('pdf')).slice(0, options.scans ?? 0);
  const scanRandom = createRandom((options.seed ?? DEFAULT_SEED) ^ 0x5ca11ed);
  for (const [i, model] of scanSources.entries()) {
    const scan = await scanOf(await fileBytes(model), scanRandom.fork());
    const asPicture = i % 2 === 0;
    const file = model.fileName.replace(/\.pdf$/, asPicture ? '-scan.png' : '-scan.pdf');
    const path = join(outDir, file);
    await writeFile(path, asPicture ? scan.png : await scannedPdf(scan.jpeg, scan.width, scan.height));
    truth[file] = groundTruth(model);
    files.push(path);
    resumes.push({
      file,
      layout: model.layout,
      profession: model.profession,
      country: model.country,
      nameShape: model.nameShape,
      dateStyle: model.dateStyle,
      jobShape: model.jobShape,
      truth: truth[file] as GroundTruth,
      scanOf: model.fileName,
    });
  }
  await writeFile(join(outDir, 'ground-truth.json'), `${JSON.stringify(truth, null, 2)}\n`);
  return { files, resumes, groundTruth: truth };
};
