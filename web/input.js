// The buttons' mailbox shared by the page and the VM worker (an Int32Array over a
// SharedArrayBuffer): the page appends events and bumps SEQ (waking the worker); the worker
// counts what it took in CONSUMED.
export const SEQ = 0; // events written so far
export const SPARE = 1; // a word nobody changes: the worker sleeps on it
export const CONSUMED = 2; // events the worker has turned into pin levels so far
export const SYNC = 3; // the page's latest sync request (a number): see vm-worker.js's answerSync
export const RING = 4; // the events, RING_SIZE of them
export const RING_SIZE = 256; // a power of two (indexes wrap with &)
export const WORDS = RING + RING_SIZE;
export const PREV = 0, NEXT = 1, OK = 2; // buttons
export const DOWN = 1, UP = 2, LONG = 3; // kinds: LONG holds OK down for a long press (Back)

// Append an event and wake the worker; false (dropped) when RING_SIZE are still waiting.
export function send(ctl, button, kind) {
  const seq = Atomics.load(ctl, SEQ);
  if (((seq - Atomics.load(ctl, CONSUMED)) | 0) >= RING_SIZE) return false;
  Atomics.store(ctl, RING + (seq & (RING_SIZE - 1)), (kind << 2) | button);
  Atomics.store(ctl, SEQ, (seq + 1) | 0);
  Atomics.notify(ctl, SEQ);
  return true;
}
