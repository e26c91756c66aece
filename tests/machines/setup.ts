// Setup of the machine tests: every flow's machine and every panel's screen loaded up front, as after a first visit
// to its panel, so a wallet starts a flow in the step its panel opens (tests/machines/wallet-router.test.ts covers the
// download itself). Nothing has to run before a flow's module: each imports what it uses by its real path
// (tests/unit/redeem-alone.test.ts).
import { beforeAll } from 'vitest';
import { preloadFlows } from '../../machines/flows';

beforeAll(() => preloadFlows());
