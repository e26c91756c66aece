// Model-based tests of the gift machine (docs/product.md §2 Gift, §4 Gift flow, §5, §8): loading the upcoming tickets, the
// server's verdict on the chosen one (refusal toast), the receiver by e-mail or by a debounced username search
// (stale answers ignored), confirming, editing, the terms, Cancel, success and every failure, and what it reports.
import { describe, expect, it } from 'vitest';
import { giftMachine, USERNAME_DEBOUNCE_MS, type GiftSnapshot } from '../../machines/gift';
import {
  selectCanCancel,
  selectCanConfirmReceiver,
  selectCanGift,
  selectEmailField,
  selectGiftStep,
  selectGiftTicket,
  selectIsGifting,
  selectReceiver,
  selectReceiverTab,
  selectTermsAccepted,
  usernameInitials,
} from '../../machines/gift.selectors';
import { testServices } from '../../machines/models/fake-platform';
import { httpError } from '../../machines/models/fixtures';
import { controlledActors, expectFullCoverage, flush, runPathOnActor, startAsChild } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { giftPromiseActors, giftSpec, giftTickets, giftVertex, samSuggestion } from '../../machines/models/gift.model';
import { SimulatedClock } from 'xstate';
import { closingAnswers } from './closing-answers';

const { testMachine, runs } = pathsOf(giftSpec);

describe('gift model', () => {
  it('covers every transition: selection, refusal, both receivers, edits, cancel, terms, success and failures', () => {
    const paths = runs.flatMap((run) => run.paths);
    const values = paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value)));
    for (const part of ['"failed"', '"picking"', '"verifying"', '"email"', '"searching"', '"accepted"', '"gifting"', '"done"']) {
      expect(values.some((value) => value.includes(part)), part).toBe(true);
    }
    expectFullCoverage(giftSpec.name, testMachine, paths, giftSpec.excused);
  });

  describe.each(runs)('from $start.name', ({ start, paths }) => {
    it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
      const closing = closingAnswers();
      let touchedBefore = false;
      await runPathOnActor(path, {
        machine: giftMachine.provide({ actions: { logError: () => {} } }),
        input: start.input(),
        promiseActors: giftPromiseActors,
        vertex: giftVertex,
        asChild: true,
        check: (actor, step, reports) => {
          const snapshot = actor.getSnapshot() as GiftSnapshot;
          const step_ = selectGiftStep(snapshot);
          // The card shows exactly while a ticket is chosen; the receiver is chosen only then.
          expect(selectGiftTicket(snapshot) !== null).toBe(['receiver', 'confirmed', 'done'].includes(step_));
          expect(selectReceiverTab(snapshot) !== null).toBe(step_ === 'receiver');
          expect(selectReceiver(snapshot) !== null).toBe(step_ === 'confirmed' || step_ === 'done');
          // docs/product.md §5: Gift only with the terms ticked; Confirm only with a valid e-mail or a picked username.
          if (selectCanGift(snapshot)) expect(selectTermsAccepted(snapshot)).toBe(true);
          // By e-mail Confirm is always pressable: a refused one marks the field touched, so it says why.
          if (selectReceiverTab(snapshot) === 'EMAIL') expect(selectCanConfirmReceiver(snapshot)).toBe(true);
          if (step.event.type === 'gift.confirmReceiver' && selectReceiverTab(snapshot) === 'EMAIL') {
            expect(snapshot.context.emailTouched).toBe(true);
            expect(selectEmailField(snapshot).error).not.toBeNull();
          }
          if (selectReceiverTab(snapshot) === 'USERNAME') expect(selectCanConfirmReceiver(snapshot)).toBe(snapshot.context.picked !== null);
          if (selectEmailField(snapshot).error) expect(snapshot.context.emailTouched).toBe(true);
          if (step_ === 'receiver' || step_ === 'confirmed') expect(selectCanCancel(snapshot)).toBe(!snapshot.matches({ selected: { confirmed: 'gifting' } }));
          const last = reports.at(-1);
          const { type } = step.event;
          if (type === 'verifyTicket.done' && !(step.event as unknown as { output: { extras: { canBeGifted: boolean } } }).output.extras.canBeGifted) {
            expect(last).toEqual({ type: 'notify', kind: 'error', key: 'gift_tickets.cannot_be_gifted' });
          }
          if (type === 'verifyTicket.error' || type === 'giftTicket.error') {
            const error = (step.event as unknown as { error: { body?: { code: string } } }).error;
            expect(last).toEqual({ type: 'notify', kind: 'error', key: error.body?.code ?? 'api.internal_error' });
          }
          if (type === 'gift.viewTickets') expect(last).toEqual({ type: 'panel.open', tab: 'MY_TICKET' });
          if (type === 'gift.more') expect(last).toEqual({ type: 'panel.setParams', params: { userTicketId: null } });
          // "Discard this gift?" takes the focus: the blur that causes leaves the field as it was; after Keep editing
          // (flow.keep) a blur marks it touched again.
          const { discardAsked, emailTouched } = snapshot.context;
          if (type === 'flow.close') expect(discardAsked).toBe(last?.type === 'panel.askDiscard');
          if (type === 'flow.keep') expect(discardAsked).toBe(false);
          if (type === 'gift.blurEmail') expect(emailTouched).toBe(discardAsked ? touchedBefore : true);
          touchedBefore = emailTouched;
          // Half-done: past the ticket, chosen here or with a receiver typed, picked or confirmed; a gift being sent waits.
          closing(type, reports, () => {
            if (type === 'flow.discard') return 'panel.dismiss';
            if (selectIsGifting(snapshot)) return 'none';
            const { handPicked, email, query, receiver } = snapshot.context;
            const entered = handPicked || email !== '' || query !== '' || receiver !== null;
            return snapshot.matches('selected') && entered ? 'panel.askDiscard' : 'panel.dismiss';
          });
        },
      });
    });
  });
});

describe('gift effects', () => {
  function start(userTicketId: number | null = null) {
    const control = controlledActors([...giftPromiseActors]);
    const clock = new SimulatedClock();
    const machine = giftMachine.provide({ actors: control.actors, actions: { logError: () => {} } });
    const { flow: actor, reports } = startAsChild(machine, { services: testServices(), userTicketId }, { clock });
    return { actor: actor as unknown as { send: (event: object) => void; getSnapshot: () => GiftSnapshot }, control, reports, clock };
  }

  it('asks the server about the preselected ticket, then the receiver by e-mail, and gifts it', async () => {
    const { actor, control, reports } = start(11);
    control.settle('loadTickets', 'done', giftTickets());
    await flush();
    expect(control.inputs.at(-1)).toMatchObject({ id: 'verifyTicket', input: { userTicketId: 11 } });
    control.settle('verifyTicket', 'done', { extras: { canBeGifted: true } });
    await flush();
    expect(selectGiftTicket(actor.getSnapshot())?.userTicketId).toBe(11);
    actor.send({ type: 'gift.changeEmail', value: '  Sam@Example.com ' });
    actor.send({ type: 'gift.confirmReceiver' });
    expect(selectReceiver(actor.getSnapshot())).toEqual({ kind: 'email', value: 'sam@example.com', picture: null });
    actor.send({ type: 'gift.submit' });
    expect(selectGiftStep(actor.getSnapshot())).toBe('confirmed');
    actor.send({ type: 'gift.toggleTerms' });
    actor.send({ type: 'gift.submit' });
    expect(control.inputs.at(-1)).toMatchObject({ id: 'giftTicket', input: { userTicketId: 11, username: 'sam@example.com' } });
    control.settle('giftTicket', 'done', { userTicketId: 11, ticketName: 'General Admission', ticketLogo: null, receiver: 'sam@example.com' });
    await flush();
    expect(selectGiftStep(actor.getSnapshot())).toBe('done');
    actor.send({ type: 'gift.viewTickets' });
    // The receiver step was a history entry of its own (PANEL_STEP), pushed once the ticket was verified.
    expect(reports).toEqual([{ type: 'panel.pushStep', step: 'RECEIVER' }, { type: 'panel.open', tab: 'MY_TICKET' }]);
  });

  it("refuses the person's own e-mail at the receiver step, with the message there: Confirm receiver goes nowhere", async () => {
    const { actor, control } = start(11);
    control.settle('loadOwnProfile', 'done', { email: 'Alex@Example.com' });
    control.settle('loadTickets', 'done', giftTickets());
    await flush();
    control.settle('verifyTicket', 'done', { extras: { canBeGifted: true } });
    await flush();
    actor.send({ type: 'gift.changeEmail', value: ' alex@EXAMPLE.com' });
    // Said at once, untouched: the address is whole and it is the person's own.
    expect(selectEmailField(actor.getSnapshot())).toMatchObject({ error: 'api.gift.self_gift', status: 'error' });
    // Pressable, to say why (decision 0116); pressed, it stays at the receiver step with the message.
    expect(selectCanConfirmReceiver(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'gift.confirmReceiver' });
    expect(selectGiftStep(actor.getSnapshot())).toBe('receiver');
    expect(selectEmailField(actor.getSnapshot()).error).toBe('api.gift.self_gift');
    expect(control.inputs.some((call) => call.id === 'giftTicket')).toBe(false);
    // Another address clears it and confirms.
    actor.send({ type: 'gift.changeEmail', value: 'sam@example.com' });
    expect(selectEmailField(actor.getSnapshot()).error).toBeNull();
    actor.send({ type: 'gift.confirmReceiver' });
    expect(selectGiftStep(actor.getSnapshot())).toBe('confirmed');
  });

  it('searches usernames 500 ms after typing stops, ignores a stale answer and confirms a picked one', async () => {
    const { actor, control, clock } = start();
    control.settle('loadTickets', 'done', giftTickets());
    await flush();
    actor.send({ type: 'gift.selectTicket', userTicketId: 11 });
    control.settle('verifyTicket', 'done', { extras: { canBeGifted: true } });
    await flush();
    actor.send({ type: 'gift.chooseReceiverTab', tab: 'USERNAME' });
    actor.send({ type: 'gift.changeUsername', value: 's' });
    clock.increment(USERNAME_DEBOUNCE_MS - 1);
    actor.send({ type: 'gift.changeUsername', value: 'sa' });
    clock.increment(USERNAME_DEBOUNCE_MS - 1);
    expect(control.inputs.filter((call) => call.id === 'searchUsers')).toEqual([]);
    clock.increment(1);
    expect(control.inputs.at(-1)).toMatchObject({ id: 'searchUsers', input: { username: 'sa' } });
    // Typing on while "sa" is searched: that search's answer must not show.
    actor.send({ type: 'gift.changeUsername', value: 'sam' });
    expect(() => control.settle('searchUsers', 'done', [{ username: 'sarah#2222', picture: null }])).not.toThrow();
    await flush();
    expect(actor.getSnapshot().context.suggestions).toEqual([]);
    clock.increment(USERNAME_DEBOUNCE_MS);
    control.settle('searchUsers', 'done', [samSuggestion]);
    await flush();
    expect(selectCanConfirmReceiver(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'gift.pickReceiver', username: 'sam#1150' });
    actor.send({ type: 'gift.confirmReceiver' });
    expect(selectReceiver(actor.getSnapshot())).toEqual({ kind: 'username', value: 'sam#1150', picture: null });
    // Edit goes back to the username tab with the pick kept.
    actor.send({ type: 'gift.editReceiver' });
    expect(selectReceiverTab(actor.getSnapshot())).toBe('USERNAME');
    expect(selectCanConfirmReceiver(actor.getSnapshot())).toBe(true);
  });

  it('refuses a ticket the server will not let go, with the server key or the internal error', async () => {
    const { actor, control, reports } = start(15);
    control.settle('loadTickets', 'done', giftTickets());
    await flush();
    control.settle('verifyTicket', 'done', { extras: { canBeGifted: false } });
    await flush();
    expect(selectGiftStep(actor.getSnapshot())).toBe('picking');
    actor.send({ type: 'gift.selectTicket', userTicketId: 99 }); // not in the list: nothing
    expect(selectGiftStep(actor.getSnapshot())).toBe('picking');
    actor.send({ type: 'gift.selectTicket', userTicketId: 12 });
    control.settle('verifyTicket', 'error', httpError('giftVerify', 403, 'api.gift.not_authorized_verify'));
    await flush();
    expect(reports).toEqual([
      { type: 'notify', kind: 'error', key: 'gift_tickets.cannot_be_gifted' },
      { type: 'notify', kind: 'error', key: 'api.gift.not_authorized_verify' },
    ]);
  });

  it('Cancel forgets the ticket, the receiver and the terms', async () => {
    const { actor, control } = start(11);
    control.settle('loadTickets', 'done', giftTickets());
    await flush();
    control.settle('verifyTicket', 'done', { extras: { canBeGifted: true } });
    await flush();
    actor.send({ type: 'gift.changeEmail', value: 'sam@example.com' });
    actor.send({ type: 'gift.confirmReceiver' });
    actor.send({ type: 'gift.toggleTerms' });
    actor.send({ type: 'gift.cancel' });
    const snapshot = actor.getSnapshot();
    expect(selectGiftStep(snapshot)).toBe('picking');
    expect(snapshot.context).toMatchObject({ ticket: null, receiver: null, email: '', query: '', picked: null });
    expect(selectTermsAccepted(snapshot)).toBe(false);
  });

  it('a half-typed e-mail stays as it was behind "Discard this gift?" and after Keep editing', async () => {
    const { actor, control, reports } = start(11);
    control.settle('loadTickets', 'done', giftTickets());
    await flush();
    control.settle('verifyTicket', 'done', { extras: { canBeGifted: true } });
    await flush();
    actor.send({ type: 'gift.changeEmail', value: 'sam@exa' });
    actor.send({ type: 'flow.close' });
    expect(reports.at(-1)).toEqual({ type: 'panel.askDiscard' });
    // The question takes the focus: the field's blur does not show its error.
    actor.send({ type: 'gift.blurEmail' });
    expect(selectEmailField(actor.getSnapshot()).error).toBeNull();
    actor.send({ type: 'flow.keep' });
    expect(actor.getSnapshot().context).toMatchObject({ email: 'sam@exa', emailTouched: false, discardAsked: false });
    // Back in the field, leaving it is the person's doing again: the error shows.
    actor.send({ type: 'gift.blurEmail' });
    expect(selectEmailField(actor.getSnapshot()).error).not.toBeNull();
  });

  it('initials of a username', () => {
    expect(usernameInitials('sam#1150')).toBe('SA');
    expect(usernameInitials('é#1')).toBe('É');
    expect(usernameInitials('#1')).toBe('?');
  });
});
