/**
 * A state machine as data: each event lists the states it may leave and the state it leads to.
 * Services ask `next()` and refuse the event when it answers undefined; the tables are unit-tested
 * for every allowed and every forbidden transition.
 */
export interface Transition<S extends string> {
  from: readonly S[];
  to: S;
}

export interface StateMachine<S extends string, E extends string> {
  readonly states: readonly S[];
  readonly transitions: Readonly<Record<E, Transition<S>>>;
  next(state: S, event: E): S | undefined;
}

export function stateMachine<S extends string, E extends string>(states: readonly S[], transitions: Record<E, Transition<S>>): StateMachine<S, E> {
  return {
    states,
    transitions,
    next(state, event) {
      const transition = transitions[event];
      return transition.from.includes(state) ? transition.to : undefined;
    },
  };
}
