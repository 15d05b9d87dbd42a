/**
 * The embedded defaults of `npm start` and `npm run dev`: a developer's own machine, with the
 * provider sandboxes, the local mailbox and the flow viewer each named explicitly. The server
 * itself defaults to none of them; with NODE_ENV=production nothing is added (and the server
 * refuses those settings).
 */
export function withLocalDefaults(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.NODE_ENV === 'production') return env
  const defaults = {
    NODE_ENV: 'development',
    PROVIDERS: 'sandbox',
    MAILBOX: '1',
    FLOWS_VIEWER: '1',
  }
  const named = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined))
  return { ...defaults, ...named }
}
