import { PROFILE_MESSAGES, RESUME_MAX_BYTES } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import {
  formatSizeInMb,
  isAcceptedResumeFile,
  isImageFile,
  isResumeImage,
  RESUME_FILE_ACCEPT,
  resumeFileProblem,
  UNSUPPORTED_RESUME_FILE,
} from './resume-file';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('file size in MB', () => {
  it('shows megabytes (of 1024 × 1024 bytes, as the 5 MB limit counts them) with two decimals', () => {
    expect(formatSizeInMb(MB)).toBe('1.00 MB');
    expect(formatSizeInMb(2.5 * MB)).toBe('2.50 MB');
    expect(formatSizeInMb(1_234_567)).toBe('1.18 MB');
    expect(formatSizeInMb(RESUME_MAX_BYTES)).toBe('5.00 MB');
  });

  it('never calls a small non-empty file 0.00 MB, and an empty one is 0.00 MB', () => {
    expect(formatSizeInMb(3 * 1024)).toBe('0.01 MB');
    expect(formatSizeInMb(1)).toBe('0.01 MB');
    expect(formatSizeInMb(0)).toBe('0.00 MB');
  });

  it('rounds to the nearest hundredth', () => {
    expect(formatSizeInMb(0.125 * MB)).toBe('0.13 MB');
    expect(formatSizeInMb(4.994 * MB)).toBe('4.99 MB');
  });
});

describe('which files the upload page takes', () => {
  it('takes PNG, JPEG and WebP images, PDF, Word .docx and .doc and JSON Resume files, by extension or by type', () => {
    for (const accepted of [
      file('photo.png', 'image/png'),
      file('scan.JPG', 'image/jpeg'),
      file('scan.jpeg', ''),
      file('phone.webp', 'image/webp'),
      file('resume.pdf', 'application/pdf'),
      file('resume.PDF', ''),
      file('resume.docx', ''),
      file('resume', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
      file('resume.json', 'application/json'),
      file('resume.json', ''),
      file('old-resume.doc', 'application/msword'),
      file('old-resume.DOC', ''),
    ]) {
      expect(isAcceptedResumeFile(accepted), accepted.name).toBe(true);
    }
  });

  it('refuses other kinds of file with a message naming what it takes', () => {
    for (const refused of [
      file('notes.txt', 'text/plain'),
      file('sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      file('archive.zip', 'application/zip'),
      file('resume', ''),
      // The server reads neither: GIF and SVG are no resume pictures.
      file('animation.gif', 'image/gif'),
      file('drawing.svg', 'image/svg+xml'),
    ]) {
      expect(isAcceptedResumeFile(refused), refused.name).toBe(false);
      expect(resumeFileProblem(refused)).toBe(UNSUPPORTED_RESUME_FILE);
    }
  });

  it('refuses a file over 5 MB with the server’s own words, and takes one of exactly 5 MB', () => {
    expect(resumeFileProblem(file('resume.pdf', 'application/pdf', RESUME_MAX_BYTES + 1))).toBe(
      PROFILE_MESSAGES.resumeTooLarge,
    );
    expect(PROFILE_MESSAGES.resumeTooLarge).toBe('The resume is larger than 5 MB. Please upload a smaller file.');
    expect(resumeFileProblem(file('resume.pdf', 'application/pdf', RESUME_MAX_BYTES))).toBeNull();
    expect(resumeFileProblem(file('photo.png', 'image/png', 6 * MB))).toBe(PROFILE_MESSAGES.resumeTooLarge);
  });

  it('offers in the file picker exactly what the server reads, and nothing else', () => {
    expect(RESUME_FILE_ACCEPT.split(',').sort()).toEqual(
      [
        '.doc',
        '.docx',
        '.jpeg',
        '.jpg',
        '.json',
        '.pdf',
        '.png',
        '.webp',
        'application/json',
        'application/msword',
        'application/pdf',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'image/jpeg',
        'image/png',
        'image/webp',
      ].sort(),
    );
  });

  it('knows which files the server reads as pictures (by OCR)', () => {
    expect(isResumeImage(file('scan.JPG', ''))).toBe(true);
    expect(isResumeImage(file('photo', 'image/webp'))).toBe(true);
    expect(isResumeImage(file('resume.pdf', 'application/pdf'))).toBe(false);
  });

  it('knows an image by its type', () => {
    expect(isImageFile(file('a.webp', 'image/webp'))).toBe(true);
    expect(isImageFile(file('a.pdf', 'application/pdf'))).toBe(false);
  });
});
