import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Every UI test renders as main.tsx does: under <StrictMode>, which mounts, unmounts and remounts
// each component once, so a load cancelled by the first unmount must not decide the screen.
configure({ reactStrictMode: true })

// jsdom has no layout: the router's scroll restoration calls scrollTo, which jsdom only reports.
window.scrollTo = () => undefined

afterEach(() => {
  cleanup()
  window.localStorage.clear()
})
