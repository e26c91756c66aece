// `npm run organizer-key`: prints a new organiser key and the SHA-256 the organisations table stores for it
// (organizer_key_hash). The key is shown once; only its hash goes into the database.
import { generateOrganizerKey, hashOrganizerKey } from './organizer-key';

const key = generateOrganizerKey();
console.log(`organiser key:      ${key}`);
console.log(`organizer_key_hash: ${hashOrganizerKey(key)}`);
