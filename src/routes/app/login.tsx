import { createFileRoute } from '@tanstack/react-router'
import { HintedLoadingScreen } from '../../ui/hinted-loading-screen'
import { LoginRoute, loginBeforeLoad } from '../-public/login-route'

export const Route = createFileRoute('/app/login')({
  beforeLoad: loginBeforeLoad,
  component: LoginRoute,
  // While authentication is in progress, 'Loading...' shows at once
  // (docs/product/screens.md#loading-screen).
  pendingComponent: () => <HintedLoadingScreen />,
  pendingMs: 0,
  pendingMinMs: 0,
})
