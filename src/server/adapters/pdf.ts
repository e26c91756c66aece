// Ticket PDFs (pdf-lib): one page with the event, the ticket, the holder, the secret redeem code as text and as a QR
// code, and how to redeem it.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { type Locale, translate } from '../i18n';
import { formatEventDateRange } from '../../contract/dates';

export interface TicketPdfInput {
  eventName: string;
  ticketName: string;
  startsAt: Date;
  endsAt: Date;
  /** IANA zone of the event: the date prints on the event's clock with the zone named, as the wallet shows it. */
  timeZone: string;
  venue: string;
  holder: string;
  secret: string;
  /** The holder's language: the "How to redeem" steps name the wallet's own label for Redeem (hub.redeem). */
  locale: Locale;
}

/** The standard PDF fonts only know WinAnsi: anything else is replaced rather than failing the document. */
const winAnsi = (text: string) => text.normalize('NFC').replace(/[^\x20-\x7E\u00A0-\u00FF\u2013]/g, '?');

export async function renderTicketPdf(input: TicketPdfInput): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(`${input.eventName} - ${input.ticketName}`));
  pdf.setProducer('Ticket Wallet');
  pdf.setCreationDate(new Date(0));
  const page = pdf.addPage([298, 560]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.CourierBold);
  const ink = rgb(0.12, 0.14, 0.19);
  const muted = rgb(0.4, 0.43, 0.5);
  const accent = rgb(0.31, 0.27, 0.9);

  page.drawRectangle({ x: 0, y: 500, width: 298, height: 60, color: accent });
  page.drawText('TICKET', { x: 20, y: 526, size: 18, font: bold, color: rgb(1, 1, 1) });
  let y = 470;
  const line = (text: string, size: number, font = regular, color = ink) => {
    page.drawText(winAnsi(text), { x: 20, y, size, font, color, maxWidth: 258 });
    y -= size + 10;
  };
  line(input.eventName, 16, bold);
  line(input.ticketName, 13);
  line(formatEventDateRange(input.startsAt, input.endsAt, { locale: input.locale, tz: input.timeZone }), 10, regular, muted);
  line(input.venue, 10, regular, muted);
  const t = (key: string, params?: Record<string, string>) => translate(input.locale, key, params);
  line(t('pdf.holder', { name: input.holder }), 10, regular, muted);
  y -= 20;
  line(t('pdf.secret'), 10, bold, muted);
  line(input.secret, 18, mono, accent);
  // The same code as a QR code, for a phone's camera: the code itself, nothing else (no link to follow).
  const qr = await pdf.embedPng(await QRCode.toBuffer(input.secret, { errorCorrectionLevel: 'M', margin: 1, width: 240 }));
  const qrSize = 104;
  page.drawImage(qr, { x: 20, y: y - qrSize + 12, width: qrSize, height: qrSize });
  y -= qrSize + 6;
  line(t('pdf.how_title'), 10, bold, ink);
  line(t('pdf.how_sign_in'), 8, regular, muted);
  line(t('pdf.how_choose', { action: t('hub.redeem') }), 8, regular, muted);
  for (const key of ['pdf.how_once', 'pdf.how_leaves', 'pdf.how_private']) line(t(key), 8, regular, muted);
  return Buffer.from(await pdf.save());
}
