import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCX_MEDIA_TYPE, PDF_MEDIA_TYPE, resumeText } from '@hireloop/platform/resume-text';
import {
  COUNTRIES,
  DOCX_LAYOUTS,
  fileBytes,
  generateResumes,
  LAYOUTS,
  PDF_LAYOUTS,
  planResumes,
  PROFESSIONS,
  type GenerateResult,
  type GroundTruth,
} from './index';
import { groundTruth } from './model';

const COUNT = 18; // two files per layout: enough to cover every layout, profession and country

/** Whitespace and case do not matter; nor does ß against SS ("Großmann" prints as "GROSSMANN" in capitals). */
const squash = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase().replace(/ß/g, 'ss');

const values = (accepted: GroundTruth[keyof GroundTruth]): string[] =>
  (Array.isArray(accepted) ? accepted : [accepted]).filter((v): v is string => typeof v === 'string');

/** Text Word shows in page headers and footers, which the production reader does not return. */
const headerFooterText = (bytes: Uint8Array): string => {
  const parts = unzipSync(bytes, { filter: (file) => /^word\/(header|footer)\d*\.xml$/.test(file.name) });
  return Object.values(parts)
    .map((part) => strFromU8(part).replace(/<\/w:p>/g, '\n').replace(/<[^>]+>/g, ''))
    .join('\n')
    .replace(/&amp;/g, '&');
};

describe('the resume generator', () => {
  let dir: string;
  let result: GenerateResult;
  const texts = new Map<string, string>();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'generated-resumes-'));
    result = await generateResumes(dir, { seed: 7, count: COUNT, scans: 2 });
    for (const resume of result.resumes.filter((r) => !r.scanOf)) {
      const bytes = new Uint8Array(await readFile(join(dir, resume.file)));
      const isPdf = resume.file.endsWith('.pdf');
      const body = await resumeText(bytes, isPdf ? PDF_MEDIA_TYPE : DOCX_MEDIA_TYPE);
      texts.set(resume.file, isPdf ? body : `${headerFooterText(bytes)}\n${body}`);
    }
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes the files it lists and a ground-truth.json in the devset format', async () => {
    const onDisk = (await readdir(dir)).sort();
    expect(onDisk).toEqual([...result.resumes.map((r) => r.file), 'ground-truth.json'].sort());
    expect(result.files).toHaveLength(COUNT + 2);
    const written = JSON.parse(await readFile(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, GroundTruth>;
    expect(written).toEqual(result.groundTruth);
    for (const truth of Object.values(written)) {
      expect(Object.keys(truth)).toEqual([
        'name', 'email', 'phone', 'location', 'title', 'company', 'experienceCount', 'educationCount', 'skills',
      ]);
      expect(truth.skills.length).toBeLessThanOrEqual(10);
    }
  });

  it('labels only what the file says: every name, email, phone, location, title, company and skill is in its text', () => {
    const missing: string[] = [];
    for (const resume of result.resumes.filter((r) => !r.scanOf)) {
      const text = squash(texts.get(resume.file) ?? '');
      const { truth } = resume;
      const fields = { name: truth.name, email: truth.email, phone: truth.phone, location: truth.location, title: truth.title, company: truth.company };
      for (const [field, accepted] of Object.entries(fields)) {
        for (const value of values(accepted)) {
          // A phone printed with "(0)" also lists the form without it, which is not printed.
          if (field === 'phone' && !value.includes('(0)') && values(accepted).some((v) => v.includes('(0)'))) continue;
          if (!text.includes(squash(value))) missing.push(`${resume.file}: ${field} "${value}"`);
        }
      }
      for (const skill of truth.skills) {
        if (!text.includes(squash(skill))) missing.push(`${resume.file}: skill "${skill}"`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('writes the counts its labels give: one dated entry per job, one entry per school', () => {
    for (const resume of result.resumes.filter((r) => !r.scanOf)) {
      const text = squash(texts.get(resume.file) ?? '');
      const model = planResumes({ seed: 7, count: COUNT }).find((m) => m.fileName === resume.file);
      const counts = Array.isArray(resume.truth.experienceCount) ? resume.truth.experienceCount : [resume.truth.experienceCount];
      expect(counts[0]).toBe(model?.jobs.length);
      // A promotion under one company line also counts as one entry.
      if (counts.length > 1) expect(counts[1]).toBe((model?.jobs.length ?? 0) - 1);
      expect(model?.education).toHaveLength(resume.truth.educationCount as number);
      for (const job of model?.jobs ?? []) expect(text).toContain(squash(job.title));
      for (const entry of model?.education ?? []) expect(text).toContain(squash(entry.school));
    }
  });

  it('covers every layout, profession and country, in Word and PDF', () => {
    expect(new Set(result.resumes.map((r) => r.layout))).toEqual(new Set(LAYOUTS));
    expect(new Set(result.resumes.map((r) => r.profession))).toEqual(new Set(PROFESSIONS));
    expect(new Set(result.resumes.map((r) => r.country))).toEqual(new Set(COUNTRIES));
    for (const resume of result.resumes) {
      const layouts: readonly string[] = resume.file.endsWith('.docx') ? DOCX_LAYOUTS : PDF_LAYOUTS;
      expect(layouts).toContain(resume.layout);
    }
  });

  it('stores text boxes as Word does, with a DrawingML choice and a VML fallback holding the same text', async () => {
    const boxed = result.resumes.filter((r) => r.layout === 'docx-text-boxes');
    expect(boxed.length).toBeGreaterThan(0);
    for (const resume of boxed) {
      const zip = unzipSync(new Uint8Array(await readFile(join(dir, resume.file))));
      const xml = strFromU8(zip['word/document.xml'] as Uint8Array);
      const choices = [...xml.matchAll(/<mc:Choice Requires="wps">([\s\S]*?)<\/mc:Choice>/g)].map((m) => m[1] ?? '');
      const fallbacks = [...xml.matchAll(/<mc:Fallback>([\s\S]*?)<\/mc:Fallback>/g)].map((m) => m[1] ?? '');
      expect(choices.length).toBeGreaterThan(0);
      expect(fallbacks).toHaveLength(choices.length);
      const boxText = (part: string) => /<w:txbxContent>([\s\S]*?)<\/w:txbxContent>/.exec(part)?.[1];
      choices.forEach((choice, i) => {
        expect(choice).toContain('<wps:txbx>');
        expect(fallbacks[i]).toContain('<v:textbox');
        expect(boxText(fallbacks[i] ?? '')).toBe(boxText(choice));
      });
      // The contact details are inside a box, not in the body.
      const email = values(resume.truth.email)[0] ?? '';
      expect(choices.some((choice) => choice.includes(email))).toBe(true);
    }
  });

  it('puts the contact line of the header layout in the page header', async () => {
    const headed = result.resumes.filter((r) => r.layout === 'docx-header-footer');
    expect(headed.length).toBeGreaterThan(0);
    for (const resume of headed) {
      const header = headerFooterText(new Uint8Array(await readFile(join(dir, resume.file))));
      expect(header).toContain(values(resume.truth.email)[0]);
    }
  });

  it('writes scans as a PNG picture and an image-only PDF, labelled like the PDF they show', async () => {
    const scans = result.resumes.filter((r) => r.scanOf);
    expect(scans.map((r) => r.file.slice(-8))).toEqual(['scan.png', 'scan.pdf']);
    for (const scan of scans) {
      expect(scan.truth).toEqual(result.groundTruth[scan.scanOf ?? '']);
      const bytes = new Uint8Array(await readFile(join(dir, scan.file)));
      if (scan.file.endsWith('.png')) {
        expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      } else {
        // No text layer at all: what reads it is OCR (ADR 048), not the PDF's text.
        const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
        const document = await getDocument({ data: bytes, verbosity: 0 }).promise;
        const items = [];
        for (let number = 1; number <= document.numPages; number += 1) items.push(...(await (await document.getPage(number)).getTextContent()).items);
        await document.destroy();
        expect(items).toEqual([]);
      }
    }
  });

  it('writes the same bytes for the same seed', async () => {
    const models = planResumes({ seed: 7, count: COUNT });
    const onePerLayout = LAYOUTS.map((layout) => models.find((m) => m.layout === layout));
    for (const model of onePerLayout) {
      if (!model) throw new Error('a layout has no file');
      const again = await fileBytes(model);
      const written = new Uint8Array(await readFile(join(dir, model.fileName)));
      expect(Buffer.compare(Buffer.from(again), Buffer.from(written)), model.fileName).toBe(0);
    }
  });

  it('clears its own files of an earlier run, so every file in the folder has ground truth', async () => {
    const again = await mkdtemp(join(tmpdir(), 'generated-resumes-again-'));
    try {
      await generateResumes(again, { seed: 3, count: 4 });
      const second = await generateResumes(again, { seed: 3, count: 2 });
      expect((await readdir(again)).sort()).toEqual([...Object.keys(second.groundTruth), 'ground-truth.json'].sort());
    } finally {
      await rm(again, { recursive: true, force: true });
    }
  });

  it('gives the same ground truth for the same seed, and different for another seed', () => {
    const truths = (seed: number) => planResumes({ seed, count: COUNT }).map(groundTruth);
    expect(truths(7)).toEqual(result.resumes.filter((r) => !r.scanOf).map((r) => result.groundTruth[r.file]));
    expect(truths(7)).toEqual(truths(7));
    expect(truths(8)).not.toEqual(truths(7));
  });
});
