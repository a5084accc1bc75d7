import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeToClipboard } from './clipboard';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('writing to the clipboard', () => {
  it('uses the Clipboard API where the page has it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await writeToClipboard('https://hireloop.example/share/job/s1');
    expect(writeText).toHaveBeenCalledWith('https://hireloop.example/share/job/s1');
  });

  it('copies with the copy command on a page without the Clipboard API (a LAN address over http)', async () => {
    vi.stubGlobal('navigator', {});
    let copied = '';
    const execCommand = vi.fn((command: string) => {
      copied = command === 'copy' ? (document.querySelector('textarea')?.value ?? '') : '';
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await writeToClipboard('http://192.168.1.20:3000/share/job/s1');
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('http://192.168.1.20:3000/share/job/s1');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('rejects when neither way copies, so the page shows the link to copy by hand', async () => {
    vi.stubGlobal('navigator', {});
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await expect(writeToClipboard('x')).rejects.toThrow('The clipboard is not available');
  });
});
