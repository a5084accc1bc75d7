// The part of pdfkit's API the generator uses (pdfkit ships no types, and @types/pdfkit is
// not installed).
declare module 'pdfkit' {
  interface TextOptions {
    width?: number;
    align?: 'left' | 'center' | 'right' | 'justify';
    continued?: boolean;
    characterSpacing?: number;
    lineGap?: number;
    lineBreak?: boolean;
    underline?: boolean;
    baseline?: 'alphabetic' | 'top' | 'middle' | 'bottom' | 'hanging';
  }
  interface DocumentOptions {
    size?: string | [number, number];
    margin?: number;
    bufferPages?: boolean;
    compress?: boolean;
    info?: Record<string, string | Date>;
  }
  class PDFDocument {
    constructor(options?: DocumentOptions);
    x: number;
    y: number;
    page: { width: number; height: number; margins: { top: number; bottom: number; left: number; right: number } };
    font(name: string): this;
    registerFont(name: string, path: string): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    text(text: string, options?: TextOptions): this;
    text(text: string, x: number, y: number, options?: TextOptions): this;
    heightOfString(text: string, options?: TextOptions): number;
    widthOfString(text: string, options?: TextOptions): number;
    moveDown(lines?: number): this;
    rect(x: number, y: number, w: number, h: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    fill(color?: string): this;
    stroke(): this;
    image(source: Buffer | string, x: number, y: number, options?: { width?: number; height?: number }): this;
    addPage(): this;
    switchToPage(index: number): this;
    bufferedPageRange(): { start: number; count: number };
    on(event: 'data', listener: (chunk: Uint8Array) => void): this;
    on(event: 'end', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    end(): void;
  }
  export default PDFDocument;
}
