import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { FlowsPage } from '../../src/flows-viewer/flows-page'
import type { CoverageFile } from '../../src/flows/coverage-report'

/** The viewer's own document (src/flows-main.tsx) at `url`. */
function renderViewer(url: string) {
  window.history.replaceState(null, '', url)
  const user = userEvent.setup()
  const view = render(
    <StrictMode>
      <FlowsPage />
    </StrictMode>,
  )
  return { user, unmount: view.unmount }
}

let app: ReturnType<typeof renderViewer> | undefined
afterEach(() => {
  app?.unmount()
  app = undefined
  window.history.replaceState(null, '', '/')
})

const playRegion = () => screen.getByRole('region', { name: 'Play' })
const inPlay = () => within(playRegion())
const nowIn = () => inPlay().getByText(/^Now in:/).textContent
const history = () =>
  within(inPlay().getByRole('region', { name: 'History' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)
const search = () => Object.fromEntries(new URLSearchParams(window.location.search))

async function click(name: string | RegExp) {
  await app?.user.click(inPlay().getByRole('button', { name }))
}

describe('playing a flow in the viewer (/flows)', () => {
  it('opens a machine in play mode from its link and clicks it through, back and again', async () => {
    app = renderViewer('/flows?flow=quoteWizard&mode=play')
    expect(await screen.findByRole('heading', { level: 2, name: 'quoteWizard' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Play', pressed: true })).toBeTruthy()
    expect(nowIn()).toBe('Now in: closed')
    expect(history()).toEqual(['start → closed'])
    expect(inPlay().getByRole('button', { name: 'Back' })).toHaveProperty('disabled', true)
    // Nothing is running in 'closed': no outcome, no delay.
    expect(inPlay().getByText('No actor is running.')).toBeTruthy()
    expect(inPlay().getByText('No delay is pending.')).toBeTruthy()

    await click(/^quote\.open \(contact: \{name: "Anna Kowalska"/)
    expect(nowIn()).toBe('Now in: calculation')
    await click('quote.next')
    expect(nowIn()).toBe('Now in: contact.editing')
    await click('quote.submit')
    expect(nowIn()).toBe('Now in: submitting')
    const outcomes = within(inPlay().getByRole('region', { name: 'Actor outcomes' }))
    expect(outcomes.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'submitQuote: done (id: "q-1", status: "new")',
      'submitQuote: error (VALIDATION_ERROR)',
    ])
    await click('submitQuote: error (VALIDATION_ERROR)')
    expect(nowIn()).toBe('Now in: contact.failed')
    await click('quote.submit')
    await click('submitQuote: done (id: "q-1", status: "new")')
    expect(nowIn()).toBe('Now in: submitted')
    expect(history()).toEqual([
      'start → closed',
      expect.stringMatching(/^quote\.open \(.+\) → calculation$/),
      'quote.next → contact.editing',
      'quote.submit → submitting',
      'submitQuote: error (VALIDATION_ERROR) → contact.failed',
      'quote.submit → submitting',
      'submitQuote: done (id: "q-1", status: "new") → submitted',
    ])
    // The route's navigation is named, not run.
    expect(
      inPlay().getByRole('button', { name: 'verification.go' }).parentElement?.textContent,
    ).toBe('verification.go runs goToVerification')

    await click('Back')
    expect(nowIn()).toBe('Now in: submitting')
    expect(history()).toHaveLength(6)
    await click('Restart')
    expect(history()).toEqual(['start → closed'])
  })

  it('enters and leaves play mode with the Play button, and the URL says so', async () => {
    app = renderViewer('/flows')
    await screen.findByRole('heading', { level: 1, name: 'Flows' })
    const machines = within(screen.getByRole('navigation', { name: 'Machines' }))
    await app.user.click(machines.getByRole('button', { name: 'resetCountdown' }))
    expect(search()).toEqual({ flow: 'resetCountdown' })
    expect(screen.queryByRole('region', { name: 'Play' })).toBeNull()

    await app.user.click(screen.getByRole('button', { name: 'Play', pressed: false }))
    expect(search()).toEqual({ flow: 'resetCountdown', mode: 'play' })
    expect(nowIn()).toBe('Now in: requesting')
    await click('requestLink: done')
    const delays = within(inPlay().getByRole('region', { name: 'Time passing' }))
    expect(delays.getAllByRole('button').map((b) => b.textContent)).toEqual(['after 1 s (tick)'])
    await click('after 1 s (tick)')
    expect(history().at(-1)).toBe('after 1 s (tick) → counting')

    // Picking another machine keeps playing, from its start.
    await app.user.click(machines.getByRole('button', { name: 'forgotPasswordForm' }))
    expect(search()).toEqual({ flow: 'forgotPasswordForm', mode: 'play' })
    expect(history()).toEqual(['start → editing'])

    await app.user.click(screen.getByRole('button', { name: 'Play', pressed: true }))
    expect(search()).toEqual({ flow: 'forgotPasswordForm' })
    expect(screen.queryByRole('region', { name: 'Play' })).toBeNull()
  })

  it('offers to play the child machine an actor runs', async () => {
    app = renderViewer('/flows?flow=resetCountdown&mode=play')
    await click('Play forgotPasswordForm')
    expect(search()).toEqual({ flow: 'forgotPasswordForm', mode: 'play' })
    expect(screen.getByRole('heading', { level: 2, name: 'forgotPasswordForm' })).toBeTruthy()
  })
})

const report: CoverageFile = {
  generatedAt: '2026-11-25T10:00:00.000Z',
  machines: [
    {
      id: 'resetCountdown',
      states: ['requesting', 'counting', 'expired'],
      transitions: {},
      levels: {
        machine: {
          paths: [{ name: 'from requesting: requestLink done', passed: true }],
          stateCounts: { requesting: 3, counting: 1, expired: 0 },
          transitionCounts: {},
        },
        ui: {
          paths: [
            {
              name: 'from requesting: requestLink done → after 1 s',
              passed: false,
              failedStep: { index: 2, event: 'after 1 s (tick)', error: 'expected 02:59' },
            },
          ],
          stateCounts: { requesting: 1, counting: 0, expired: 0 },
          transitionCounts: {},
        },
        browser: {
          paths: [{ name: 'from requesting: requestLink done', passed: true }],
          stateCounts: { requesting: 1, counting: 1, expired: 0 },
          transitionCounts: {},
        },
      },
    },
  ],
}

const file = (text: string, name = 'coverage.json') =>
  new File([text], name, { type: 'application/json' })

describe('the coverage report over the diagram', () => {
  const coverage = () => within(screen.getByRole('region', { name: 'Coverage report' }))
  const counts = () =>
    coverage()
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))

  it("shows the picked report's counts per state, unwalked ones marked, and failed paths", async () => {
    app = renderViewer('/flows?flow=resetCountdown')
    await app.user.upload(
      coverage().getByLabelText('Show coverage report'),
      file(JSON.stringify(report)),
    )
    expect(await coverage().findByText('2026-11-25T10:00:00.000Z')).toBeTruthy()
    expect(counts()).toEqual([
      ['requesting', '3', '1', '1'],
      ['counting', '1', '0 (not walked)', '1'],
      ['expired', '0 (not walked)', '0 (not walked)', '0 (not walked)'],
    ])
    const failed = within(coverage().getByRole('region', { name: 'Failed UI paths' }))
    expect(failed.getByRole('listitem').textContent).toBe(
      'from requesting: requestLink done → after 1 s — step 2 (after 1 s (tick)): expected 02:59',
    )
    expect(coverage().getByRole('radio', { name: 'Machine paths (1)' })).toHaveProperty(
      'checked',
      true,
    )
    await app.user.click(coverage().getByRole('radio', { name: 'UI paths (1)' }))
    expect(coverage().getByRole('radio', { name: 'UI paths (1)' })).toHaveProperty('checked', true)
    // The countdown runs in Chromium too (browserLevelMachines): its third level is offered.
    await app.user.click(coverage().getByRole('radio', { name: 'Browser paths (1)' }))
    expect(coverage().getByRole('radio', { name: 'Browser paths (1)' })).toHaveProperty(
      'checked',
      true,
    )

    // Another machine: the report has nothing on it.
    const machines = within(screen.getByRole('navigation', { name: 'Machines' }))
    await app.user.click(machines.getByRole('button', { name: 'splash' }))
    expect(coverage().getByRole('status').textContent).toBe('The report has no paths for splash.')

    await app.user.click(coverage().getByRole('button', { name: 'Hide coverage' }))
    expect(coverage().queryByRole('table')).toBeNull()
  })

  it('says why a file is not a report', async () => {
    app = renderViewer('/flows?flow=resetCountdown')
    await app.user.upload(
      coverage().getByLabelText('Show coverage report'),
      file('{"machines": []}'),
    )
    expect((await coverage().findByRole('alert')).textContent).toBe(
      'The report could not be read: The file is not a coverage report: no generatedAt or machines.',
    )
  })
})
