import { createRootRoute, Outlet } from '@tanstack/react-router'
import { NotFoundPage } from '../ui/not-found-page'

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
})

function RootLayout() {
  return <Outlet />
}
