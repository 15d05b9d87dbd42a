/** The product's mark, inline (docs/product/screens.md#top-bar); its name sits beside it. */
export function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#f5b82e" />
      <path d="M8 9h4.2L16 19.4 19.8 9H24l-6.1 14h-3.8z" fill="#0b1f3a" />
    </svg>
  )
}
