import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Creates an empty folder under the OS temp folder; the returned `remove` deletes it. */
export async function createTemporaryFolder(): Promise<{ folder: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'rhizome-ingest-'));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** Writes a file (creating its parent folders) and returns its absolute path. */
export async function writeTestFile(folder: string, relativePath: string, content: string | Uint8Array): Promise<string> {
  const filePath = path.join(folder, ...relativePath.split('/'));
  await mkdir(path.dirname(filePath), { recursive: true });
  await writeFile(filePath, content);
  return filePath;
}

/** Builds a real PDF with pdf-lib: one page per entry of `pages` (lines drawn top to bottom), and optional info fields. */
export async function buildPdf(pages: string[][], info: { title?: string; creationDate?: Date } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  if (info.title !== undefined) pdf.setTitle(info.title);
  if (info.creationDate !== undefined) pdf.setCreationDate(info.creationDate);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 18, size: 12, font }));
  }
  return pdf.save();
}
