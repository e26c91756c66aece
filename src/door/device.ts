// The wallet's side of the device-bound entry code (src/door/code.ts): one P-256 key pair per browser profile, made
// non-extractable by WebCrypto and kept in IndexedDB (a CryptoKey is stored as it is: the private key's bytes never
// reach script), the certificates the server signed for the holder's tickets kept beside it, and the code of the
// current time step, drawn with no network.
import { type SignedCertificate, exportPublicKey, generateDeviceKeyPair, readSignedCertificate, signCode, stepAt, toBase64Url, fromBase64Url } from './code';

/** Where the device keeps its key pair and certificates. */
export interface DeviceStore {
  getKeyPair(): Promise<CryptoKeyPair | undefined>;
  /** Stores the pair unless one is there already; answers the pair that is stored (two tabs at once keep one). */
  addKeyPair(pair: CryptoKeyPair): Promise<CryptoKeyPair>;
  getCertificate(userTicketId: number): Promise<string | undefined>;
  putCertificate(userTicketId: number, certificate: string): Promise<void>;
  deleteCertificate(userTicketId: number): Promise<void>;
}

const KEYS = 'keys';
const CERTIFICATES = 'certificates';
const KEY_PAIR = 'device';

function request<T>(make: () => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const made = make();
    made.onsuccess = () => resolve(made.result);
    made.onerror = () => reject(made.error);
  });
}

/** The IndexedDB store of a browser profile (database `tw-door`). */
export function indexedDbStore(name = 'tw-door'): DeviceStore {
  let opened: Promise<IDBDatabase> | undefined;
  const database = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name, 1);
      open.onupgradeneeded = () => {
        open.result.createObjectStore(KEYS);
        open.result.createObjectStore(CERTIFICATES);
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    }));
  const store = async (names: string, mode: IDBTransactionMode) => (await database()).transaction(names, mode).objectStore(names);
  return {
    getKeyPair: async () => {
      const keys = await store(KEYS, 'readonly');
      return request(() => keys.get(KEY_PAIR) as IDBRequest<CryptoKeyPair | undefined>);
    },
    addKeyPair: async (pair) => {
      const keys = await store(KEYS, 'readwrite');
      try {
        await request(() => keys.add(pair, KEY_PAIR));
        return pair;
      } catch {
        // Another tab stored its pair first: that one is the device's.
        const stored = await (await store(KEYS, 'readonly')).get(KEY_PAIR);
        return new Promise<CryptoKeyPair>((resolve, reject) => {
          stored.onsuccess = () => resolve(stored.result as CryptoKeyPair);
          stored.onerror = () => reject(stored.error);
        });
      }
    },
    getCertificate: async (userTicketId) => {
      const certificates = await store(CERTIFICATES, 'readonly');
      return request(() => certificates.get(userTicketId) as IDBRequest<string | undefined>);
    },
    putCertificate: async (userTicketId, certificate) => {
      const certificates = await store(CERTIFICATES, 'readwrite');
      await request(() => certificates.put(certificate, userTicketId));
    },
    deleteCertificate: async (userTicketId) => {
      const certificates = await store(CERTIFICATES, 'readwrite');
      await request(() => certificates.delete(userTicketId));
    },
  };
}

/** The device's key pair, made (non-extractable) the first time; `publicKey` is what POST /v1/door/devices takes. */
export async function deviceKey(store: DeviceStore): Promise<{ keyPair: CryptoKeyPair; publicKey: string; created: boolean }> {
  const existing = await store.getKeyPair();
  if (existing) return { keyPair: existing, publicKey: toBase64Url(await exportPublicKey(existing.publicKey)), created: false };
  const made = await generateDeviceKeyPair(false);
  const kept = await store.addKeyPair(made);
  return { keyPair: kept, publicKey: toBase64Url(await exportPublicKey(kept.publicKey)), created: kept === made };
}

export type CertificateState = 'absent' | 'notYetValid' | 'fresh' | 'expired' | 'otherDevice';

/**
 * Where the ticket's certificate stands, offline: absent, for another key (the profile's key was replaced), not yet
 * valid, fresh, or expired. Revocation is the server's to say (GET /v1/door/devices/:userTicketId) when online.
 */
export async function certificateState(signed: SignedCertificate | undefined, publicKey: string, nowMs: number): Promise<CertificateState> {
  if (!signed) return 'absent';
  if (toBase64Url(signed.certificate.devicePublicKey) !== publicKey) return 'otherDevice';
  const seconds = nowMs / 1000;
  if (seconds < signed.certificate.notBefore) return 'notYetValid';
  return seconds > signed.certificate.notAfter ? 'expired' : 'fresh';
}

/** The stored certificate of a ticket, read (undefined when there is none or it cannot be read). */
export async function storedCertificate(store: DeviceStore, userTicketId: number): Promise<SignedCertificate | undefined> {
  const text = await store.getCertificate(userTicketId);
  if (!text) return undefined;
  try {
    return readSignedCertificate(fromBase64Url(text));
  } catch {
    return undefined;
  }
}

/** The code to show now, and how long until the next step's code should be drawn. */
export async function currentCode(signed: SignedCertificate, keyPair: CryptoKeyPair, nowMs: number): Promise<{ code: string; step: number; msLeft: number }> {
  const ttlMs = signed.certificate.ttlSeconds * 1000;
  const step = stepAt(nowMs, signed.certificate.ttlSeconds);
  return { code: await signCode(signed, step, keyPair.privateKey), step, msLeft: (step + 1) * ttlMs - nowMs };
}
