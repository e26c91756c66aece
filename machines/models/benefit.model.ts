// The benefit modal's model-based test, shared by tests/machines/benefit.test.ts and the visualiser's test paths
// (src/visualizer/model-paths.ts). Its sample events and starts live with the single ticket's (ticket.model.ts),
// which the screen paths share.
import { benefitMachine } from '../benefit';
import { modelSpec } from './model-spec';
import { benefitSampleEvents, benefitStarts } from './ticket.model';

export const benefitSpec = modelSpec({ name: 'benefit', machine: benefitMachine, starts: benefitStarts, events: benefitSampleEvents });
