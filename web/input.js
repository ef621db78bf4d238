// The buttons' mailbox shared by the page and the VM worker (an Int32Array over a
// SharedArrayBuffer): the page appends events and bumps SEQ (waking the worker).
export const SEQ = 0; // events written so far
export const SPARE = 1; // a word nobody changes: the worker sleeps on it
export const RING = 2; // the events, RING_SIZE of them, oldest overwritten
export const RING_SIZE = 64;
export const WORDS = RING + RING_SIZE;
export const PREV = 0, NEXT = 1, OK = 2; // buttons
export const DOWN = 1, UP = 2, LONG = 3; // kinds: LONG holds OK down for a long press (Back)

export function send(ctl, button, kind) {
  const seq = Atomics.load(ctl, SEQ);
  Atomics.store(ctl, RING + (seq % RING_SIZE), (kind << 2) | button);
  Atomics.store(ctl, SEQ, (seq + 1) | 0);
  Atomics.notify(ctl, SEQ);
}
