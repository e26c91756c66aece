// The texts a pdf-lib PDF draws (its content streams inflated, the hex strings of their Tj operators decoded): the
// server's PDF tests and the e2e test that reads the secret code out of a downloaded ticket PDF.
import { inflateSync } from 'node:zlib';

export function pdfTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) texts.push(Buffer.from(text[1]!, 'hex').toString('latin1'));
  }
  return texts;
}

/** A ticket PDF's secret redeem code (four groups of four). */
export const SECRET_CODE_PATTERN = /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/;
