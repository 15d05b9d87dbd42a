import type { ReactNode } from 'react'
import { submitHandler } from './form-view'
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

/**
 * An auth page's form. `method="dialog"`: a submit before a prerendered page has come alive
 * (decision 101) goes nowhere, where a plain form would put the fields (the password too) in the
 * address.
 */
export function AuthForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form className="auth-form" method="dialog" noValidate onSubmit={submitHandler(onSubmit)}>
      {children}
    </form>
  )
}
