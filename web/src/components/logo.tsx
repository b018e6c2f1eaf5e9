/** The portal's mark: a house whose roof turns into a leaf, beside the word ECORE. */
export function Logo({ height = 32 }: { height?: number }) {
  return (
    <svg height={height} viewBox="0 0 148 40" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">
      <path d="M4 20 L20 6 L36 20 V36 H4 Z" fill="#2f9e44" />
      <path d="M12 36 V24 H20 V36 Z" fill="#ffffff" />
      <path d="M22 24 C22 16 28 12 34 12 C34 20 30 25 22 24 Z" fill="#b2f2bb" />
      <path d="M23 23 L31 15" stroke="#2f9e44" strokeWidth="1.5" strokeLinecap="round" />
      <text x="44" y="29" fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" fontSize="22" fontWeight="700" fill="currentColor" letterSpacing="1">
        ECORE
      </text>
    </svg>
  );
}
