import type { ReactNode } from 'react'
import { Logo } from './logo'
import './auth.css'

/** The frame of every authentication screen: the logo (to /app) above a card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <main className="auth-card" aria-labelledby="auth-title">
        <div className="auth-logo">
          <Logo />
        </div>
        <h1 id="auth-title" className="auth-title">
          {title}
        </h1>
        {children}
      </main>
    </div>
  )
}
