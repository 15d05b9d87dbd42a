import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { routeTree } from '../../src/routeTree.gen'

function renderAt(path: string) {
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  render(<RouterProvider router={router} />)
  return router
}

describe('routing', () => {
  it("shows 'Page not found' for an unknown path, and 'Go Home' leads to /", async () => {
    const router = renderAt('/definitely/not/here')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
    await userEvent.click(screen.getByRole('link', { name: 'Go Home' }))
    expect(
      await screen.findByRole('heading', { name: 'Exchange crypto with full legal compliance' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
  })
})
