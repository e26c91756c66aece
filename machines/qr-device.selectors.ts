// Derived values of the device code's child (machines/qr-device.ts) that only its own view reads
// (src/web/screens/qr-device-view.tsx, a chunk loaded with the child): the picker's tickets and the offline note. The
// frame, the image, the countdown and "replaced" are in qr.selectors.ts, which the QR screen reads from the start.
import type { DoorTickets } from './qr';
import type { QrDeviceSnapshot } from './qr-device';

/** The next event's tickets the device code is drawn for (the picker shows when there are several). */
export const selectDoorTickets = (snapshot: QrDeviceSnapshot): DoorTickets => snapshot.context.door;

/** The device code is drawn with no network: "Offline — your code still works" (kept while the next check runs). */
export function selectIsQrOffline(snapshot: QrDeviceSnapshot): boolean {
  if (snapshot.matches({ visible: { showing: { link: 'offline' } } })) return true;
  return snapshot.matches({ visible: { showing: { link: 'checking' } } }) && snapshot.context.offline;
}
