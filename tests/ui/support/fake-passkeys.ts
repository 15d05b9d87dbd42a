/**
 * The browser's passkey prompt for UI tests: each prompt waits for the test to answer it
 * (`prompts`), records the options it was given, and is cancelled as SimpleWebAuthn cancels one.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser'
import { DeferredQueue } from '../../support/deferred'

export class FakePasskeys {
  readonly prompts = new DeferredQueue<AuthenticationResponseJSON>()
  readonly options: unknown[] = []
  cancels = 0
  open = 0

  readonly browser = {
    startAuthentication: ({ optionsJSON }: { optionsJSON: unknown }) => {
      this.options.push(optionsJSON)
      this.open++
      return this.prompts.next().finally(() => {
        this.open--
      })
    },
    cancelCeremony: () => {
      this.cancels++
      if (this.open > 0)
        this.prompts.latest.reject(new DOMException('Manually cancelling', 'AbortError'))
    },
  }

  /** Waits for the prompt the dialog opens once the server's options arrived. */
  async opened(): Promise<void> {
    const start = Date.now()
    while (this.open === 0 && Date.now() - start < 2000) await new Promise((r) => setTimeout(r, 5))
    if (this.open === 0) throw new Error('the passkey prompt did not open')
  }
}
