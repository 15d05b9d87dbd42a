import { createFileRoute } from '@tanstack/react-router'
import { LandingShell } from '../ui/landing-shell'

export const Route = createFileRoute('/')({
  component: LandingRoute,
})

function LandingRoute() {
  return <LandingShell />
}
