/** Canonical text form applied once before any offset is taken: no BOM, LF line ends, NFC. */
export function normaliseText(text: string): string {
  const withoutBom = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return withoutBom.replace(/\r\n?/g, '\n').normalize('NFC');
}

/** Collapses whitespace in a one-line label such as a title; empty labels become null. */
export function normaliseLabel(label: string | null | undefined): string | null {
  if (label === null || label === undefined) return null;
  const collapsed = label.normalize('NFC').replace(/\s+/g, ' ').trim();
  return collapsed === '' ? null : collapsed;
}
