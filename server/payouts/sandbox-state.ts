// The scheduling-system sandboxes still import the state from here; its one home is http/sandbox-state.ts.
export * from '../http/sandbox-state';
