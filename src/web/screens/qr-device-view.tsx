// The QR screen's parts only the device-bound code draws (docs/product.md §2; docs/decisions/0063-the-device-bound-code-in-the-wallet-which-ticket-how-the.md): the ticket picker, the offline note, "replaced by another device", the failure and the note texts,
// their styles and their strings (`qr_device.*`). A chunk of its own, fetched with the qrDevice child's machine
// (machines/qr.ts, region `deviceView`, through src/web/view-parts.ts): the polling pass, the first QR panel, needs none of it. Each part
// reads the child and sends it the person's choice.
import { Button } from '../components/button';
import { Icon } from '../components/icons';
import { registerStyles } from '../style-sheets';
import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import type { QrDeviceActor } from '../../../machines/qr-device';
import { selectDoorTickets, selectIsQrOffline } from '../../../machines/qr-device.selectors';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import qrDeviceViewCss from 'bundle-text:./qr-device-view.css';
import { i18n, strings } from '../i18n';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };

i18n.set('en', strings('en', screenStrings(['qr_device'])));
registerStyles(qrDeviceViewCss);

/** The next event's tickets, one code each: a choice of which one the code is drawn for (only with two or more). */
export function QrTicketPicker({ device }: { device: QrDeviceActor }): ReactElement | null {
  const door = useSelector(device, selectDoorTickets);
  if (door.tickets.length < 2) return null;
  return (
    <label className="tw-qr__ticket">
      <span>{i18n.t('qr_device.ticket')}</span>
      <select value={door.selected} onChange={(event) => device.send({ type: 'qr.chooseTicket', userTicketId: Number(event.currentTarget.value) })}>
        {door.tickets.map((ticket) => (
          <option key={ticket.userTicketId} value={ticket.userTicketId}>
            {ticket.ticketName}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The code is drawn with no network: it still works (the screen's live region, there from the start, holds it). */
export function QrOffline({ device }: { device: QrDeviceActor }): ReactElement | null {
  if (!useSelector(device, selectIsQrOffline)) return null;
  return (
    <p className="tw-qr__offline">
      <Icon path={iconPath('check')} size={18} />
      <span>{i18n.t('qr_device.offline')}</span>
    </p>
  );
}

/** Another device holds the ticket's code: say so, and offer to take it back (which revokes the other). */
export function QrReplaced({ device }: { device: QrDeviceActor }): ReactElement {
  return (
    <div className="tw-qr__failed tw-qr__replaced" role="alert">
      <Icon path={iconPath('phone')} size={28} />
      <p>
        <strong>{i18n.t('qr_device.replaced_title')}</strong>
        <span>{i18n.t('qr_device.replaced_text')}</span>
      </p>
      <Button variant="secondary" size="small" onClick={() => device.send({ type: 'qr.takeBack' })}>
        {i18n.t('qr_device.take_back')}
      </Button>
    </div>
  );
}

/** Setting up or drawing the code failed (the screen's frame holds it, with Retry). */
export const QrDeviceFailed = (): string => i18n.t('qr_device.failed');

/** The device code's note under the pass, instead of the polling code's "updates every … seconds". */
export const QrDeviceNote = (): string => i18n.t('qr_device.note');
