// Ticket PDFs (pdf-lib): an A6 page with the event, the ticket, the holder and the secret redeem code.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

export interface TicketPdfInput {
  eventName: string;
  ticketName: string;
  startsAt: Date;
  venue: string;
  holder: string;
  secret: string;
}

/** The standard PDF fonts only know WinAnsi: anything else is replaced rather than failing the document. */
const winAnsi = (text: string) => text.normalize('NFC').replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

export async function renderTicketPdf(input: TicketPdfInput): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(`${input.eventName} - ${input.ticketName}`));
  pdf.setProducer('Ticket Wallet');
  pdf.setCreationDate(new Date(0));
  const page = pdf.addPage([298, 420]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.CourierBold);
  const ink = rgb(0.12, 0.14, 0.19);
  const muted = rgb(0.4, 0.43, 0.5);
  const accent = rgb(0.31, 0.27, 0.9);

  page.drawRectangle({ x: 0, y: 360, width: 298, height: 60, color: accent });
  page.drawText('TICKET', { x: 20, y: 386, size: 18, font: bold, color: rgb(1, 1, 1) });
  let y = 330;
  const line = (text: string, size: number, font = regular, color = ink) => {
    page.drawText(winAnsi(text), { x: 20, y, size, font, color, maxWidth: 258 });
    y -= size + 10;
  };
  line(input.eventName, 16, bold);
  line(input.ticketName, 13);
  line(input.startsAt.toUTCString().replace(' GMT', ' UTC'), 10, regular, muted);
  line(input.venue, 10, regular, muted);
  line(`Holder: ${input.holder}`, 10, regular, muted);
  y -= 20;
  line('Secret redeem code', 10, bold, muted);
  line(input.secret, 18, mono, accent);
  y -= 6;
  line('Whoever redeems this code in Ticket Wallet receives the ticket.', 8, regular, muted);
  line('Keep it private until you hand the ticket over.', 8, regular, muted);
  return Buffer.from(await pdf.save());
}
