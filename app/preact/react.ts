// `react` in the browser build (vite-preact.ts): preact/compat, plus what React Router 8 imports by name
// from React 19 that compat does not have. useOptimistic: React Router applies optimistic router states
// only with `useTransitions`, which this app does not set; without concurrent rendering the state is its
// own optimistic view.
// @ts-expect-error compat's types are an `export =` namespace; its module (what the bundler reads) has named exports
export * from 'preact/compat';
export { default } from 'preact/compat';

export function useOptimistic<S>(state: S): [S, (action: unknown) => void] {
  return [state, () => {}];
}
