// Setup of the machine tests: every flow's machine and every panel's screen loaded up front, as after a first visit
// to its panel, so a wallet starts a flow in the step its panel opens (tests/machines/wallet-router.test.ts covers the
// download itself).
import { beforeAll } from 'vitest';
import { preloadFlows, preloadScreens } from '../../machines/flows';

beforeAll(() => Promise.all([preloadFlows(), preloadScreens()]));
