// The texts a pdf-lib PDF draws (its content streams inflated, the hex strings of their Tj operators decoded): the
// server's PDF tests and the e2e test that reads the secret code out of a downloaded ticket PDF.
import { inflateSync } from 'node:zlib';

export function pdfTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  // pdf-lib ends a stream's data with "\nendstream"; the compressed data's own last byte may be "\r" (about one PDF in
  // 300), so it is kept, and only dropped if the data does not inflate with it (a writer that ends with "\r\n").
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)) {
    const data = match[1]!;
    const content = inflated(data) ?? (data.endsWith('\r') ? inflated(data.slice(0, -1)) : undefined);
    if (content === undefined) continue;
    for (const text of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) texts.push(Buffer.from(text[1]!, 'hex').toString('latin1'));
  }
  return texts;
}

function inflated(data: string): string | undefined {
  try {
    return inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
  } catch {
    return undefined;
  }
}

/** A ticket PDF's secret redeem code (four groups of four). */
export const SECRET_CODE_PATTERN = /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/;
