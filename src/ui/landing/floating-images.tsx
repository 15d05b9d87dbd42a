/**
 * Decorative coins and a wallet that drift along scroll paths beside the hero
 * (docs/product/screens.md#floating-images): extra-large screens only, still with reduced motion,
 * hidden from assistive technology. Images and motion are CSS (SVG backgrounds on a scroll
 * timeline), so they cost no script.
 */
export function FloatingImages() {
  return (
    <div className="floating-images" aria-hidden="true">
      <span className="floating floating-btc-1" />
      <span className="floating floating-eth" />
      <span className="floating floating-btc-2" />
      <span className="floating floating-wallet" />
    </div>
  )
}
