import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// jsdom has no layout: the router's scroll restoration calls scrollTo, which jsdom only reports.
window.scrollTo = () => undefined

afterEach(() => {
  cleanup()
  window.localStorage.clear()
})
